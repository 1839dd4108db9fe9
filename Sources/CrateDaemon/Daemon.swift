import CrateAudio
import CrateConfig
import CrateCore
import CrateLibrary
import Glibc
import Logging

/// The whole daemon, assembled from a configuration: player, router, control socket.
public final class Daemon: Sendable {
    public let config: CrateConfig
    public let router: Router
    private let player: Player
    private let server: ControlServer
    private let logger: Logger

    /// Builds everything; nothing listens until `start()`.
    public init(config: CrateConfig, configPath: String?, logger: Logger) {
        self.config = config
        self.logger = logger
        var warnings: [String] = []
        if let problem = Self.prepareStateDir(config.stateDir) {
            logger.error("\(problem)")
            warnings.append(problem)
        }
        let audio = config.audio
        player = Player(
            settings: AudioOutputSettings(
                device: audio.device, rtPriority: audio.rtPriority, periodFrames: audio.periodFrames,
                periods: audio.periods, bufferSeconds: audio.bufferSeconds,
                clockPaced: audio.effectivePacing == .clock, sampleFormat: audio.sampleFormat),
            logger: logger)
        var library: Library? = nil, libraryProblem: String? = nil
        do {
            library = try Library(stateDir: config.stateDir, roots: config.library.paths, logger: logger)
        } catch {
            libraryProblem = "library unavailable: \(error)"
            logger.error("\(libraryProblem!)")
        }
        router = Router(player: player, library: library, libraryProblem: libraryProblem, configPath: configPath,
                        warnings: warnings, logger: logger)
        server = ControlServer(path: config.control.socket, mode: config.control.socketMode, handler: router,
                               logger: logger)
    }

    public func start() throws(ControlServerError) {
        try server.start()
        logger.info("crated \(Router.version) ready; control socket \(config.control.socket)")
        resumeScanIfNeeded()
    }

    /// A scan cut short by a stop or crash is resumed; a library with roots but no albums
    /// (first start, or a cache rebuilt after corruption) is scanned.
    private func resumeScanIfNeeded() {
        guard let library = router.library, !config.library.paths.isEmpty else { return }
        do {
            let empty = try library.store.stats(lastScan: nil).albums == 0
            guard library.scanWasInterrupted || empty else { return }
            logger.info(empty ? "library is empty: scanning" : "resuming an interrupted library scan")
            try router.startScan(full: false)
        } catch {
            logger.error("could not start the start-up library scan: \(error)")
        }
    }

    public func stop() {
        router.library?.cancelScan()
        server.stop()
        player.shutdown()
        logger.info("crated stopped")
    }

    /// Creates `state_dir` if needed. Returns a problem to report, or nil.
    private static func prepareStateDir(_ path: String) -> String? {
        var st = stat()
        if stat(path, &st) == 0 {
            return (st.st_mode & S_IFMT) == S_IFDIR ? nil : "state_dir \(path) exists but is not a folder"
        }
        var built = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            built += "/" + part
            if mkdir(built, 0o750) != 0 && errno != EEXIST {
                return "cannot create state_dir \(path): \(String(cString: strerror(errno)))"
            }
        }
        return nil
    }
}
