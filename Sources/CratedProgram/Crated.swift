import ArgumentParser
import CrateConfig
import CrateCore
import CrateDaemon
import CratePosix
import Glibc
import Logging

/// `crated`: the Crate daemon. Plays albums, serves the control socket, runs until
/// SIGTERM/SIGINT.
struct Crated: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "crated",
        abstract: "The Crate album player daemon.",
        discussion: """
            Reads its configuration (every key: crate.toml(5), or the commented reference \
            /usr/share/crate/crate.toml.reference), opens the audio device, and serves \
            crate-admin on the control socket until SIGTERM or SIGINT. systemd starts it \
            as crated.service; `crate-admin status` and `crate-admin doctor` tell how it \
            is doing.
            """,
        version: CrateVersion.description)

    @Option(name: .long, help: "Configuration file (TOML).")
    var config: String = CrateConfig.defaultPath

    @Flag(name: .long, help: "Check the configuration, print the result and exit.")
    var checkConfig = false

    func run() throws {
        let settings: CrateConfig
        var configPath: String? = config
        do {
            settings = try CrateConfig.load(path: config)
        } catch {
            if config == CrateConfig.defaultPath, access(config, F_OK) != 0 {
                // No file at the default path: built-in defaults are a working set-up.
                settings = CrateConfig()
                configPath = nil
            } else {
                printError("crated: \(error)")
                throw ExitCode(78)  // EX_CONFIG
            }
        }
        if checkConfig {
            print("\(config): OK")
            return
        }
        let logger = DaemonLogging.bootstrap(level: settings.log.level)
        if !Memory.fixAllocatorThresholds() {
            logger.warning("glibc refused fixed malloc thresholds; idle memory may grow after library scans")
        }
        if configPath == nil { logger.notice("no \(config); running on built-in defaults") }
        let signals = SignalWaiter.blockTerminationSignals()
        let daemon = Daemon(config: settings, configPath: configPath, logger: logger)
        do {
            try daemon.start()
        } catch {
            logger.critical("\(error)")
            printError("crated: \(error)")
            daemon.stop()
            throw ExitCode(1)
        }
        let notifier = ServiceNotifier()
        if let problem = notifier.problem { logger.error("systemd notifications disabled: \(problem)") }
        let loop = ServiceLoop(daemon: daemon, notifier: notifier, signals: signals, logger: logger)
        let signal = loop.run()
        logger.info("received signal \(signal); shutting down")
        loop.stopping()
        daemon.stop()
    }
}

func printError(_ message: String) {
    let line = message + "\n"
    _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
}

/// What the one executable (`crate`, Sources/crate) runs when it is called `crated`.
public enum CratedEntry {
    /// `arguments` without the program's name.
    public static func main(_ arguments: [String]) { Crated.main(arguments) }
}
