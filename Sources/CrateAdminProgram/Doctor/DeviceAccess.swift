import CratePosix
#if canImport(Glibc)
import Glibc
#endif

/// Who the checks are made for: the daemon's user and every group it holds.
struct UserIdentity: Equatable, Sendable {
    var name: String
    var uid: uid_t
    var gid: gid_t
    /// All groups, the primary one included.
    var groups: Set<gid_t>

    /// `crate (uid 998; groups crate, audio, gpio, video)`.
    var description: String {
        let names = ([gid] + groups.subtracting([gid]).sorted()).map(UserDatabase.groupName)
        return "\(name) (uid \(uid); groups \(names.joined(separator: ", ")))"
    }
}

/// The part of stat(2) that decides access: type and permission bits, owner, group.
struct FileFacts: Equatable, Sendable {
    var mode: mode_t
    var uid: uid_t
    var gid: gid_t

    var type: mode_t { mode & S_IFMT }
    var isDirectory: Bool { type == S_IFDIR }
    var isCharacterDevice: Bool { type == S_IFCHR }
    var isSocket: Bool { type == S_IFSOCK }
    var permissions: mode_t { mode & 0o7777 }

    /// stat(2) of `path` (symlinks followed), or the errno.
    static func of(_ path: String) -> Result<FileFacts, SystemError> {
        var info = stat()
        guard stat(path, &info) == 0 else { return .failure(SystemError(errno)) }
        return .success(FileFacts(mode: info.st_mode, uid: info.st_uid, gid: info.st_gid))
    }

    /// lstat(2): the link itself (a socket path is never followed).
    static func ofLink(_ path: String) -> Result<FileFacts, SystemError> {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .failure(SystemError(errno)) }
        return .success(FileFacts(mode: info.st_mode, uid: info.st_uid, gid: info.st_gid))
    }

    /// `crw-rw---- root:audio`, as `ls -l` would show it.
    var description: String {
        "\(Self.modeString(mode)) \(UserDatabase.userName(uid)):\(UserDatabase.groupName(gid))"
    }

    static func modeString(_ mode: mode_t) -> String {
        let type: Character = switch mode & S_IFMT {
        case S_IFDIR: "d"
        case S_IFCHR: "c"
        case S_IFBLK: "b"
        case S_IFSOCK: "s"
        case S_IFIFO: "p"
        case S_IFLNK: "l"
        default: "-"
        }
        var text = String(type)
        for shift in [6, 3, 0] as [mode_t] {
            let bits = (mode >> shift) & 7
            text += (bits & 4 != 0 ? "r" : "-") + (bits & 2 != 0 ? "w" : "-") + (bits & 1 != 0 ? "x" : "-")
        }
        return text
    }
}

/// An errno with its text.
struct SystemError: Error, Equatable, Sendable, CustomStringConvertible {
    var code: Int32
    init(_ code: Int32) { self.code = code }
    var description: String { errnoDescription(code) }
}

/// What a process must be able to do with a file.
struct AccessNeed: OptionSet, Sendable, CustomStringConvertible {
    let rawValue: mode_t
    static let read = AccessNeed(rawValue: 4)
    static let write = AccessNeed(rawValue: 2)
    /// Execute a file, search (enter) a directory.
    static let search = AccessNeed(rawValue: 1)

    /// `read+write`.
    var description: String {
        var parts: [String] = []
        if contains(.read) { parts.append("read") }
        if contains(.write) { parts.append("write") }
        if contains(.search) { parts.append("search") }
        return parts.joined(separator: "+")
    }

    /// `rw`, as chmod takes it.
    var letters: String {
        (contains(.read) ? "r" : "") + (contains(.write) ? "w" : "") + (contains(.search) ? "x" : "")
    }
}

/// Decides access the way the kernel does for ordinary permission bits: root passes
/// (but executes only what has an x bit), else exactly one class applies — owner, then
/// group, then others. POSIX ACLs and capabilities other than root's are not considered.
enum DeviceAccess {
    /// The permission bits that apply to `user` (0…7).
    static func applicableBits(_ facts: FileFacts, for user: UserIdentity) -> mode_t {
        if facts.uid == user.uid { return (facts.mode >> 6) & 7 }
        if user.groups.contains(facts.gid) || facts.gid == user.gid { return (facts.mode >> 3) & 7 }
        return facts.mode & 7
    }

    static func permits(_ facts: FileFacts, _ need: AccessNeed, for user: UserIdentity) -> Bool {
        if user.uid == 0 {
            guard need.contains(.search), !facts.isDirectory else { return true }
            return facts.mode & 0o111 != 0
        }
        return need.rawValue & ~applicableBits(facts, for: user) == 0
    }

    /// Why access was refused, or what is missing on the way to the file.
    enum Denial: Equatable, Sendable {
        /// `path` (the file or one of its parents) does not exist or cannot be examined.
        case missing(path: String, error: SystemError)
        /// `path` refuses `need` to the user.
        case denied(path: String, facts: FileFacts, need: AccessNeed)
    }

    /// Checks `path` for `need` and every parent directory for search, as opening it
    /// would. `stat` is injectable so the walk can run over invented facts.
    static func check(_ path: String, _ need: AccessNeed, for user: UserIdentity,
                      stat: (String) -> Result<FileFacts, SystemError> = FileFacts.of) -> Denial? {
        var prefix = path.hasPrefix("/") ? "" : "."
        let components = path.split(separator: "/")
        for (index, component) in components.enumerated() {
            let parent = prefix.isEmpty ? "/" : prefix
            switch stat(parent) {
            case .failure(let error): return .missing(path: parent, error: error)
            case .success(let facts):
                if !permits(facts, .search, for: user) { return .denied(path: parent, facts: facts, need: .search) }
            }
            prefix += "/" + component
            if index == components.count - 1 { break }
        }
        let target = components.isEmpty ? "/" : prefix
        switch stat(target) {
        case .failure(let error): return .missing(path: target, error: error)
        case .success(let facts):
            return permits(facts, need, for: user) ? nil : .denied(path: target, facts: facts, need: need)
        }
    }

    /// `crate cannot read+write /dev/snd/pcmC0D0p (crw-rw---- root:audio; crate is not in group audio)`.
    static func explain(_ denial: Denial, for user: UserIdentity) -> String {
        switch denial {
        case .missing(let path, let error):
            return "\(path): \(error)"
        case .denied(let path, let facts, let need):
            var why = facts.description
            if facts.uid != user.uid && !user.groups.contains(facts.gid) && facts.gid != user.gid
                && groupWouldGrant(facts, need) {
                why += "; \(user.name) is not in group \(UserDatabase.groupName(facts.gid))"
            }
            let verb = need == .search ? "enter" : need.description
            return "\(user.name) cannot \(verb) \(path) (\(why))"
        }
    }

    /// The one command that grants the access: join the file's group when the group
    /// already may, else open the group bits (taking the group over when it is not the
    /// user's). Device nodes get their modes from udev, so the rule is named for those.
    /// `group` is the group such a file is meant to have (`audio` for /dev/snd), used when
    /// the file's own group will not do. Joining group root is never the advice.
    static func fix(_ denial: Denial, for user: UserIdentity, restart: Bool, group intended: String? = nil) -> String {
        guard case .denied(let path, let facts, let need) = denial else {
            if case .missing(let path, _) = denial { return "create \(path) or correct the path in the config" }
            return ""
        }
        let group = UserDatabase.groupName(facts.gid)
        let then = restart ? ", then: sudo systemctl restart crated" : ""
        if facts.uid != user.uid, !user.groups.contains(facts.gid), facts.gid != user.gid, facts.gid != 0,
           groupWouldGrant(facts, need) {
            return "sudo usermod -aG \(group) \(user.name)\(then)"
        }
        let persist = path.hasPrefix("/dev/") ? " (and in a udev rule, see udev/60-crate.rules, so it lasts)" : ""
        if facts.uid == user.uid {
            return "sudo chmod u+\(need.letters) \(path)\(persist)\(then)"
        }
        if user.groups.contains(facts.gid) || facts.gid == user.gid {
            return "sudo chmod g+\(need.letters) \(path)\(persist)\(then)"
        }
        guard let intended, let gid = UserDatabase.groupID(named: intended) else {
            let own = UserDatabase.groupName(user.gid)
            return "sudo chgrp \(own) \(path) && sudo chmod g+\(need.letters) \(path)\(persist)\(then)"
        }
        let join = user.groups.contains(gid) || user.uid == 0 ? "" : " && sudo usermod -aG \(intended) \(user.name)"
        return "sudo chgrp \(intended) \(path) && sudo chmod g+\(need.letters) \(path)\(join)\(persist)\(then)"
    }

    private static func groupWouldGrant(_ facts: FileFacts, _ need: AccessNeed) -> Bool {
        need.rawValue & ~((facts.mode >> 3) & 7) == 0
    }
}
