/// A failure talking to crated, with the exit status a command-line client reports it with.
public struct ControlClientError: Error, CustomStringConvertible {
    /// The daemon answered `ok: false`, or the request could not be made (missing file).
    public static let refused: Int32 = 1
    /// The daemon could not be reached or did not answer properly.
    public static let unreachable: Int32 = 2

    public var message: String
    public var exitCode: Int32

    public init(message: String, exitCode: Int32) {
        self.message = message
        self.exitCode = exitCode
    }

    public var description: String { message }
    /// True when the daemon is not there (not running, restarting): worth a retry later.
    public var isUnreachable: Bool { exitCode == Self.unreachable }

    public static func refused(_ message: String) -> ControlClientError { ControlClientError(message: message, exitCode: refused) }
    public static func unreachable(_ message: String) -> ControlClientError {
        ControlClientError(message: message, exitCode: unreachable)
    }
}
