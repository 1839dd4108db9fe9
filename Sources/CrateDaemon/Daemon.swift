import CrateAudio
import CrateConfig
import CrateCore
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
        router = Router(player: player, configPath: configPath, warnings: warnings, logger: logger)
        server = ControlServer(path: config.control.socket, mode: config.control.socketMode, handler: router,
                               logger: logger)
    }

    public func start() throws(ControlServerError) {
        try server.start()
        logger.info("crated \(Router.version) ready; control socket \(config.control.socket)")
    }

    public func stop() {
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
