import CrateConfig

#if canImport(Glibc)
import Glibc
#endif

/// The configuration the checks use, and how reading it went.
struct LoadedConfig: Sendable {
    enum Outcome: Sendable {
        case loaded
        /// No file: the daemon runs on the built-in defaults.
        case missing
        /// Unreadable or invalid; `config` holds the defaults.
        case broken(ConfigError)
    }

    var path: String
    var outcome: Outcome
    /// The file's settings, or the defaults when it could not be used.
    var config: CrateConfig

    static func load(_ path: String) -> LoadedConfig {
        do throws(ConfigError) {
            return LoadedConfig(path: path, outcome: .loaded, config: try CrateConfig.load(path: path))
        } catch where error.isMissingFile {
            return LoadedConfig(path: path, outcome: .missing, config: CrateConfig())
        } catch {
            return LoadedConfig(path: path, outcome: .broken(error), config: CrateConfig())
        }
    }

    var isUsable: Bool {
        if case .broken = outcome { return false }
        return true
    }
}

enum ConfigCheck {
    /// `config`: the file parses (a broken line is named), is readable by the daemon's
    /// user, and is the file the running daemon was started with.
    static func check(_ loaded: LoadedConfig, daemon: DaemonView?, user: UserIdentity?,
                      chosenByFlag: Bool) -> DoctorResult {
        let path = loaded.path
        let daemonConfig = daemon?.status.configPath
        switch loaded.outcome {
        case .missing:
            return .warn("config", "\(path) does not exist: running on built-in defaults",
                         fix: "create \(path) from the commented reference crate.toml (deploy/crate.toml in the "
                            + "source, or the package's doc folder); an empty file keeps the defaults")
        case .broken(let error):
            let restart = daemon == nil ? "" : " (the running crated read it earlier; it will not start again with it)"
            if let line = error.line {
                return .fail("config", error.description + restart,
                             fix: "correct line \(line) of \(path), then check it: crated --config \(path) --check-config")
            }
            return .fail("config", error.description + restart, fix: "sudo chmod 0644 \(path) (crated reads it as its own user)")
        case .loaded:
            break
        }
        if let user, let denial = DeviceAccess.check(path, .read, for: user) {
            return .fail("config", "\(path) parses, but " + DeviceAccess.explain(denial, for: user),
                         fix: DeviceAccess.fix(denial, for: user, restart: false))
        }
        if let daemonConfig, daemonConfig != path {
            let advice = chosenByFlag ? "crate-admin doctor --config \(daemonConfig)" : "restart crated to use \(path)"
            return .warn("config", "\(path) parses, but the running crated was started with \(daemonConfig)",
                         fix: advice)
        }
        return .ok("config", "\(path) parses")
    }
}

/// Which socket doctor talks to: the order every subcommand uses (see CrateAdmin's help),
/// with the config doctor already read in place of reading it again.
enum DoctorSocket {
    static func resolve(flag: String?, configFlag: String?, loaded: LoadedConfig) -> (path: String, note: String?) {
        if let flag { return (flag, nil) }
        let fallback = CrateConfig().control.socket
        if configFlag != nil {
            if loaded.isUsable { return (loaded.config.control.socket, nil) }
            return (environment ?? fallback, "\(loaded.path) is broken, so its [control] socket was not used")
        }
        if let environment { return (environment, nil) }
        if case .broken = loaded.outcome {
            return (fallback, "\(loaded.path) is broken, so its [control] socket was not used")
        }
        return (loaded.config.control.socket, nil)
    }

    private static var environment: String? {
        guard let value = getenv("CRATE_SOCKET"), value.pointee != 0 else { return nil }
        return String(cString: value)
    }
}
