import Logging

/// Log lines go to stderr, where systemd's journal picks them up with timestamps.
enum DaemonLogging {
    static func bootstrap(level: String) -> Logger {
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        var logger = Logger(label: "crated")
        logger.logLevel = Logger.Level(rawValue: level) ?? .info
        return logger
    }
}
