import CrateConfig
import CrateCore

#if canImport(Glibc)
import Glibc
#endif

/// Whose access the file checks are about, and where that answer came from.
struct DaemonUser: Sendable {
    var identity: UserIdentity?
    var result: DoctorResult

    /// `--user` wins; else the process on the socket; else the service's user from the
    /// user database (crated is not running to ask).
    static func resolve(flag: String?, daemon: DaemonView?) -> DaemonUser {
        if let flag {
            guard let account = UserDatabase.account(flag) else {
                return DaemonUser(identity: nil, result: .fail("user", "no user \(flag) (given with --user)",
                                                                fix: "give an existing user name or uid to --user"))
            }
            let identity = UserDatabase.identity(of: account)
            return DaemonUser(identity: identity, result: .ok("user", "checking access as \(identity.description), as asked"))
        }
        if let daemon, case .success(let peer) = daemon.peer {
            let identity = ProcFiles.identity(pid: peer.pid, peer: peer)
            if identity.uid == 0 {
                return DaemonUser(identity: identity, result: .warn(
                    "user", "crated runs as root: every file check passes for it, and a bug in it can do anything",
                    fix: "run it from the packaged unit (User=crate in crated.service): sudo systemctl restart crated"))
            }
            return DaemonUser(identity: identity, result: .ok("user", "crated runs as \(identity.description)"))
        }
        guard let account = UserDatabase.user(named: UserDatabase.serviceUser) else {
            return DaemonUser(identity: nil, result: .fail(
                "user", "no user \(UserDatabase.serviceUser): the service cannot start, and access is not checked",
                fix: "reinstall the package, or: sudo adduser --system --group --home /var/lib/crate crate "
                    + "&& sudo usermod -aG audio,gpio,video crate"))
        }
        let identity = UserDatabase.identity(of: account)
        return DaemonUser(identity: identity, result: .ok(
            "user", "\(identity.description) (crated is not running: checking the service's user)"))
    }
}

enum DaemonCheck {
    /// `daemon`: the socket answers ping and status; who answers.
    static func check(_ probe: DaemonProbe, socket: String, note: String?) -> DoctorResult {
        switch probe {
        case .unreachable(let message):
            var detail = message
            if let note { detail += " (note: \(note))" }
            if access(socket, F_OK) == 0 && access(socket, R_OK | W_OK) != 0 && errno == EACCES {
                return .fail("daemon", detail,
                             fix: "run doctor with sudo, or join the admins: sudo usermod -aG crate $USER (log in again)")
            }
            return .fail("daemon", detail,
                         fix: "sudo systemctl status crated; journalctl -u crated -e (then sudo systemctl restart crated)")
        case .running(let view):
            let status = view.status
            var detail = "crated \(status.version) answers on \(socket)"
            switch view.peer {
            case .success(let peer):
                detail += ": pid \(peer.pid), user \(UserDatabase.userName(peer.uid)) (uid \(peer.uid))"
            case .failure(let error):
                detail += ": pid \(status.pid) (SO_PEERCRED: \(error))"
            }
            detail += ", up \(HumanFormat.duration(status.uptimeSeconds))"
            return .ok("daemon", detail)
        }
    }
}

enum SocketCheck {
    /// `socket`: a socket file with the configured mode (no access for others), the
    /// admin group, and a directory members of that group can enter.
    static func check(path: String, config: CrateConfig, daemon: DaemonView?, configPath: String) -> DoctorResult {
        let facts: FileFacts
        switch FileFacts.ofLink(path) {
        case .failure(let error):
            if daemon == nil {
                return .warn("socket", "\(path): \(error) (crated is not running)",
                             fix: "sudo systemctl start crated")
            }
            return .fail("socket", "\(path): \(error), yet crated answered",
                         fix: "sudo systemctl restart crated (it creates the socket at start)")
        case .success(let found):
            facts = found
        }
        guard facts.isSocket else {
            return .fail("socket", "\(path) is not a socket (\(facts.description))",
                         fix: "sudo rm \(path) && sudo systemctl restart crated")
        }
        let mode = facts.permissions & 0o777
        let wanted = mode_t(config.control.socketMode) & 0o777
        let shown = "\(FileFacts.modeString(facts.mode)) \(octal(mode))"
        let admin = UserDatabase.adminGroup
        // Connecting to a Unix socket takes write permission; read alone grants nothing.
        if mode & 0o002 != 0 {
            let fix = wanted & 0o002 != 0
                ? "set [control] socket_mode = 0o660 in \(configPath), then: sudo systemctl restart crated"
                : "sudo chmod \(octal(wanted)) \(path) (crated sets \(octal(wanted)) at start: something changed it)"
            return .fail("socket", "\(path) is \(shown): any local user can control the box", fix: fix)
        }
        if mode != wanted {
            let why = mode & 0o020 == 0 ? "; members of group \(admin) cannot connect" : ""
            return .warn("socket", "\(path) is \(shown), but [control] socket_mode is \(octal(wanted))\(why)",
                         fix: "sudo chmod \(octal(wanted)) \(path) (crated sets it at each start)")
        }
        guard let gid = UserDatabase.groupID(named: admin) else {
            return .ok("socket", "\(path) \(shown) \(facts.owners)"
                       + " (no group \(admin) on this system: only root and crated's user connect)")
        }
        if facts.gid != gid {
            return .warn("socket", "\(path) belongs to group \(UserDatabase.groupName(facts.gid)), not \(admin): "
                         + "its members cannot connect",
                         fix: "run crated with Group=\(admin) (the packaged crated.service does), or: sudo chgrp \(admin) \(path)")
        }
        // A member of the group who is nobody else: can they reach the socket?
        let member = UserIdentity(name: "a member of group \(admin)", uid: uid_t.max - 1, gid: gid, groups: [gid])
        switch DeviceAccess.check(path, .write, for: member) {
        case .denied(let blocked, _, _)? where blocked == path:
            return .warn("socket", "\(path) is \(shown): members of group \(admin) cannot connect",
                         fix: "set [control] socket_mode = 0o660 in \(configPath), then: sudo systemctl restart crated")
        case .denied(let blocked, let directory, _)?:
            return .fail("socket", "\(blocked) (\(directory.description)) cannot be entered by group \(admin): "
                         + "admins cannot connect",
                         fix: "sudo chmod g+x \(blocked)" + (directory.gid == gid ? "" : " && sudo chgrp \(admin) \(blocked)"))
        case .missing?, nil:
            break
        }
        return .ok("socket", "\(path) \(shown) \(facts.owners)")
    }

    static func octal(_ mode: mode_t) -> String {
        var digits = String(mode, radix: 8)
        while digits.count < 4 { digits = "0" + digits }
        return digits
    }
}

extension FileFacts {
    /// `root:crate`.
    var owners: String { "\(UserDatabase.userName(uid)):\(UserDatabase.groupName(gid))" }
}
