import CrateConfig
import CrateCore

#if canImport(Glibc)
import Glibc
#endif

/// `disk`: the state folder exists and the daemon's user may write it, and its file
/// system (and the Plex cache's, when that is another one) has room.
enum DiskCheck {
    static let name = "disk"
    static let failBelow: UInt64 = 50 << 20
    static let warnBelow: UInt64 = 500 << 20

    /// Free space of one file system, for the daemon (f_bavail: what non-root may use).
    struct Space: Equatable, Sendable {
        var available: UInt64
        var device: UInt64
    }

    static func space(_ path: String) -> Result<Space, SystemError> {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return .failure(SystemError(errno)) }
        var facts = stat()
        let device = stat(path, &facts) == 0 ? UInt64(facts.st_dev) : 0
        return .success(Space(available: UInt64(info.f_bavail) * UInt64(info.f_frsize), device: device))
    }

    /// How much room is enough: fail under 50 MB, warn under 500 MB or under what the
    /// Plex cache may still grow by (`cacheRoom`, nil when Plex is not in use).
    static func judge(_ path: String, available: UInt64, cacheRoom: UInt64?, configPath: String) -> DoctorResult {
        let detail = "\(path): \(megabytes(available)) free"
        let fix = "free space on the file system of \(path) (`du -xsh \(path)/*` shows what is big)"
        if available < failBelow {
            return .fail(name, detail + " (under \(megabytes(failBelow)): the library database cannot grow)", fix: fix)
        }
        if available < warnBelow {
            return .warn(name, detail + " (under \(megabytes(warnBelow)))", fix: fix)
        }
        if let cacheRoom, available < cacheRoom {
            return .warn(name, detail + ", but the Plex cache may still grow by \(megabytes(cacheRoom))",
                         fix: "lower [plex] cache_mb in \(configPath) to \(max(100, Int((available >> 20) / 2))), or \(fix)")
        }
        return .ok(name, detail)
    }

    static func check(config: CrateConfig, configPath: String, daemon: DaemonView?, user: UserIdentity?) -> [DoctorResult] {
        let stateDir = config.stateDir
        switch FileFacts.of(stateDir) {
        case .failure(let error):
            let create = "sudo install -d -o \(user?.name ?? "crate") -m 0750 \(stateDir)"
            if daemon == nil {
                return [.warn(name, "\(stateDir): \(error) (crated creates it at start when it can)", fix: create)]
            }
            return [.fail(name, "\(stateDir): \(error), and crated is running without it", fix: create)]
        case .success(let facts) where !facts.isDirectory:
            return [.fail(name, "\(stateDir) is not a folder (\(facts.description))",
                          fix: "set state_dir in \(configPath) to a folder, or move \(stateDir) away")]
        case .success:
            break
        }
        if let user, let denial = DeviceAccess.check(stateDir, [.read, .write, .search], for: user) {
            return [.fail(name, DeviceAccess.explain(denial, for: user),
                          fix: "sudo chown -R \(user.name) \(stateDir)" + (daemon == nil ? "" : ", then: sudo systemctl restart crated"))]
        }
        let cacheDir = stateDir + "/plex-cache"
        let cap = UInt64(config.plex.cacheMB) << 20
        let cached = UInt64(daemon?.downloads?.bytes ?? 0)
        let plexInUse = daemon?.plex.map { $0.server != nil } ?? FileFacts.of(cacheDir).isSuccess
        let cacheRoom = plexInUse ? (cap > cached ? cap - cached : 0) : nil
        var results: [DoctorResult] = []
        switch space(stateDir) {
        case .failure(let error):
            return [.fail(name, "\(stateDir): statvfs: \(error)", fix: "check the file system: dmesg | tail")]
        case .success(let state):
            let separateCache = space(cacheDir).value.flatMap { $0.device != state.device ? $0 : nil }
            results.append(judge(stateDir, available: state.available, cacheRoom: separateCache == nil ? cacheRoom : nil,
                                 configPath: configPath))
            if let separateCache {
                results.append(judge(cacheDir, available: separateCache.available, cacheRoom: cacheRoom,
                                     configPath: configPath))
            }
        }
        if let user, results.allSatisfy({ $0.status == .ok }) {
            results[0].detail += ", writable by \(user.name)"
        }
        return results
    }

    /// `77.0 GB`, `420 MB`.
    static func megabytes(_ bytes: UInt64) -> String {
        let mb = bytes >> 20
        if mb >= 10 * 1024 { return "\(mb >> 10) GB" }
        if mb >= 1024 { return "\(mb >> 10).\((mb % 1024) * 10 / 1024) GB" }
        return "\(mb) MB"
    }
}
