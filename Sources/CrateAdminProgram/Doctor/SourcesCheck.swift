import CrateConfig
import CrateCore
import CrateWire

/// `library` and `plex`: where the music comes from. Every `[library] paths` folder is
/// there and readable by the daemon's user (a vanished mount is a warning: its albums
/// stay, offline); Plex as the daemon reports it: signed in, server chosen and reachable.
enum SourcesCheck {
    static func library(config: CrateConfig, configPath: String, daemon: DaemonView?,
                        user: UserIdentity?) -> [DoctorResult] {
        if let problem = daemon?.problems[ControlCommand.libraryStats.rawValue],
           daemon?.causes[ControlCommand.libraryStats.rawValue] == .diskFull {
            return [.fail("library", "crated: \(problem)",
                          fix: "free space on the file system of \(config.stateDir) (`du -xsh \(config.stateDir)/*` shows what is big): "
                            + "crated opens the library again by itself")]
        }
        if let problem = daemon?.problems[ControlCommand.libraryStats.rawValue] {
            return [.fail("library", "crated: \(problem)",
                          fix: "journalctl -u crated -e shows why; check state_dir in \(configPath), then sudo systemctl restart crated")]
        }
        // Damage found at start (a rebuilt cache, salvaged or lost user data): said until the next start.
        let damage = (daemon?.library?.storeNotes ?? []).map {
            DoctorResult.warn("library", "crated: \($0)",
                              fix: "see the note; a copy of what was found is kept in \(config.stateDir); "
                                + "crate-admin restore FILE brings back a backup")
        }
        return damage + roots(config: config, configPath: configPath, daemon: daemon, user: user)
    }

    private static func roots(config: CrateConfig, configPath: String, daemon: DaemonView?,
                              user: UserIdentity?) -> [DoctorResult] {
        let roots = config.library.paths
        guard !roots.isEmpty else {
            if daemon?.plex?.auth == .signedIn { return [.ok("library", "no folders configured (Plex only)")] }
            return [.warn("library", "no music: [library] paths is empty and Plex is not signed in",
                          fix: "set [library] paths = [\"/srv/music\"] in \(configPath), or: crate-admin plex login")]
        }
        let stats = daemon?.library.map { Dictionary($0.roots.map { ($0.path, $0) }) { a, _ in a } } ?? [:]
        return roots.map { root in
            folder(root, stat: stats[root], configPath: configPath, user: user, restart: daemon != nil)
        }
    }

    static func folder(_ root: String, stat: LibraryRootStatus?, configPath: String, user: UserIdentity?,
                       restart: Bool) -> DoctorResult {
        let albums = stat.map { ", \(counted($0.albums, "album"))" } ?? ""
        guard root.hasPrefix("/") else {
            return .warn("library", "\(root) is relative: it depends on the folder crated starts in",
                         fix: "write it as an absolute path in [library] paths of \(configPath)")
        }
        switch FileFacts.of(root) {
        case .failure(let error):
            let offline = stat.map { $0.online ? "" : "; crated shows it offline, its \(counted($0.albums, "album")) kept" } ?? ""
            return .warn("library", "\(root): \(error) (a drive or share not mounted?)\(offline)",
                         fix: "mount it (sudo mount -a, see /etc/fstab), or remove it from [library] paths in \(configPath)")
        case .success(let facts) where !facts.isDirectory:
            return .fail("library", "\(root) is not a folder (\(facts.description))",
                         fix: "set [library] paths in \(configPath) to the folder holding the albums")
        case .success:
            break
        }
        if let user, let denial = DeviceAccess.check(root, [.read, .search], for: user) {
            return .fail("library", DeviceAccess.explain(denial, for: user),
                         fix: DeviceAccess.fix(denial, for: user, restart: restart))
        }
        if let stat, !stat.online {
            return .warn("library", "\(root) is there now, but crated found it offline at the last scan\(albums)",
                         fix: "crate-admin library scan")
        }
        let reader = user.map { "readable by \($0.name)" } ?? "present"
        return .ok("library", "\(root): \(reader)\(albums)")
    }

    static func plex(config: CrateConfig, daemon: DaemonView?) -> DoctorResult {
        guard let daemon else {
            return .warn("plex", "not checked: crated is not running", fix: "sudo systemctl start crated, then run doctor again")
        }
        if let problem = daemon.problems[ControlCommand.plexStatus.rawValue] {
            return .fail("plex", "crated: \(problem)", fix: "journalctl -u crated -e shows why; then sudo systemctl restart crated")
        }
        guard let plex = daemon.plex else { return .ok("plex", "not reported by crated") }
        let account = plex.username.map { " as \($0)" } ?? ""
        switch plex.auth {
        case .signedOut:
            return .ok("plex", "not configured")
        case .signingIn:
            return .warn("plex", "a sign-in is waiting for its code (\(plex.pinCode ?? "?") at \(plex.link ?? "https://plex.tv/link"))",
                         fix: "crate-admin plex login")
        case .expired:
            return .fail("plex", "the server or plex.tv refused the token\(account) (HTTP 401: expired or revoked)"
                         + (plex.problem.map { ": \($0)" } ?? ""),
                         fix: "crate-admin plex login")
        case .signedIn:
            break
        }
        guard let server = plex.server else {
            return .warn("plex", "signed in\(account), but no server chosen",
                         fix: "crate-admin plex servers, then: crate-admin plex use NAME")
        }
        let url = config.plex.serverURL ?? server.uris.first ?? "?"
        if plex.reachable == false {
            let cached = daemon.downloads?.files ?? 0
            let detail = "\(HumanFormat.server(server.name, at: url)) is not reachable" + (plex.problem.map { ": \($0)" } ?? "")
            let fix = "check the server is up and reachable from the box (curl -sS \(url)/identity), "
                + "or set [plex] server_url in the config"
            if cached > 0 {
                return .warn("plex", detail + " (\(cached) cached tracks still play)", fix: fix)
            }
            return .fail("plex", detail + " (nothing cached: its albums cannot play)", fix: fix)
        }
        if let sync = plex.lastSync, !sync.completed {
            let outcome = sync.partial ? "was held back (nothing changed)" : "failed"
            return .warn("plex", "\(HumanFormat.server(server.name, at: url)): the last sync \(outcome): \(sync.error ?? "stopped")",
                         fix: "crate-admin plex sync (crate-admin plex status shows the result)")
        }
        let reach = plex.reachable == nil ? "not contacted yet" : "reachable"
        return .ok("plex", "signed in\(account); \(HumanFormat.server(server.name, at: url)) \(reach), \(counted(plex.albums, "album"))")
    }
}
