import CrateControlClient
import CratePosix
#if canImport(Glibc)
import Glibc
#endif

/// The process at the other end of the control socket, as the kernel recorded it when
/// the connection was made (SO_PEERCRED): which pid, running as which user.
struct PeerCredentials: Equatable, Sendable {
    var pid: pid_t
    var uid: uid_t
    var gid: gid_t

    /// `struct ucred` of <sys/socket.h>, which Swift's Glibc does not import (it needs _GNU_SOURCE).
    private struct UCred {
        var pid: Int32 = 0
        var uid: UInt32 = 0
        var gid: UInt32 = 0
    }

    /// getsockopt(SOL_SOCKET, SO_PEERCRED) on a connected Unix socket.
    static func of(socket fd: Int32) -> Result<PeerCredentials, SystemError> {
        var credentials = UCred()
        var length = socklen_t(MemoryLayout<UCred>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else {
            return .failure(SystemError(errno))
        }
        guard length == socklen_t(MemoryLayout<UCred>.size) else { return .failure(SystemError(EINVAL)) }
        return .success(PeerCredentials(pid: credentials.pid, uid: credentials.uid, gid: credentials.gid))
    }
}

/// What /proc tells about a running process.
enum ProcFiles {
    /// The effective uid, gid and supplementary groups from /proc/PID/status: the groups
    /// the process really holds (systemd's SupplementaryGroups= included), which the
    /// group database alone does not show.
    struct Credentials: Equatable, Sendable {
        var uid: uid_t
        var gid: gid_t
        var groups: [gid_t]
    }

    static func parseStatus(_ text: String) -> Credentials? {
        var uid: uid_t?, gid: gid_t?, groups: [gid_t] = []
        for line in text.split(separator: "\n") {
            let fields = line.split(whereSeparator: { $0 == "\t" || $0 == " " })
            guard let key = fields.first else { continue }
            switch key {
            // Real, effective, saved, filesystem: access is decided by the filesystem id.
            case "Uid:" where fields.count >= 5: uid = uid_t(fields[4])
            case "Gid:" where fields.count >= 5: gid = gid_t(fields[4])
            case "Groups:": groups = fields.dropFirst().compactMap { gid_t($0) }
            default: break
            }
        }
        guard let uid, let gid else { return nil }
        return Credentials(uid: uid, gid: gid, groups: groups)
    }

    /// One row of /proc/PID/limits; nil stands for `unlimited`.
    struct Limit: Equatable, Sendable {
        var soft: UInt64?
        var hard: UInt64?

        static func describe(_ value: UInt64?) -> String { value.map(String.init) ?? "unlimited" }
    }

    /// The row called `name` (`Max realtime priority`) of a /proc/PID/limits text.
    static func parseLimit(_ name: String, in text: String) -> Limit? {
        for line in text.split(separator: "\n") where line.hasPrefix(name) {
            let values = line.dropFirst(name.count).split(separator: " ")
            guard values.count >= 2 else { return nil }
            func value(_ word: Substring) -> UInt64?? {
                if word == "unlimited" { return .some(nil) }
                return UInt64(word).map { .some($0) }
            }
            guard let soft = value(values[0]), let hard = value(values[1]) else { return nil }
            return Limit(soft: soft, hard: hard)
        }
        return nil
    }

    /// The identity a running process checks files with.
    static func identity(pid: pid_t, peer: PeerCredentials) -> UserIdentity {
        let name = UserDatabase.userName(peer.uid)
        if case .success(let text) = TextFile.read("/proc/\(pid)/status"), let credentials = parseStatus(text) {
            return UserIdentity(name: UserDatabase.userName(credentials.uid), uid: credentials.uid, gid: credentials.gid,
                                groups: Set(credentials.groups).union([credentials.gid]))
        }
        // /proc hidden (hidepid=) or the process already gone: the database's view is next best.
        if let account = UserDatabase.user(uid: peer.uid) {
            var identity = UserDatabase.identity(of: account)
            identity.gid = peer.gid
            identity.groups.insert(peer.gid)
            return identity
        }
        return UserIdentity(name: name, uid: peer.uid, gid: peer.gid, groups: [peer.gid])
    }
}

/// Small text files (/proc, /sys): read whole, or the errno.
enum TextFile {
    static func read(_ path: String, limit: Int = 1 << 20) -> Result<String, SystemError> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(SystemError(errno)) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < limit {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(SystemError(errno))
            }
            if n == 0 { break }
            bytes += chunk[..<n]
        }
        return .success(String(decoding: bytes, as: UTF8.self))
    }

    /// The names in a directory (without . and ..), or the errno.
    static func list(_ path: String) -> Result<[String], SystemError> {
        do { return .success(try DirectoryListing.names(in: path)) } catch { return .failure(SystemError(error.code)) }
    }
}

extension ControlClient {
    /// The daemon's process as the kernel recorded it at connect: pid, uid, gid (SO_PEERCRED).
    func peerCredentials() -> Result<PeerCredentials, SystemError> { PeerCredentials.of(socket: socketDescriptor) }
}
