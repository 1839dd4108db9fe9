/// Why a listening Unix socket (the control socket, MPD's) could not be set up. Each
/// message names the socket path, because that is what an admin looking at
/// `journalctl -u crated` needs to act on.
public enum SocketSetupError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `sun_path` holds at most `limit` bytes.
    case pathTooLong(path: String, limit: Int)
    /// A live daemon answered on the socket.
    case alreadyRunning(path: String)
    /// Something other than a socket sits at the path; it is not ours to delete.
    case notASocket(path: String)
    /// `start()` was called twice, or after `stop()`.
    case alreadyStarted(path: String)
    /// A system call failed: `action` says what we were doing, `errno` why it failed.
    case system(action: String, path: String, errno: Int32)

    public var userMessage: String {
        switch self {
        case .pathTooLong(let path, let limit):
            return "control socket path is too long (\(path.utf8.count) bytes, at most \(limit)): \(path)"
        case .alreadyRunning(let path):
            return "another daemon is already listening on \(path); stop it first (systemctl stop crated)"
        case .notASocket(let path):
            return "\(path) exists and is not a socket; refusing to replace it"
        case .alreadyStarted(let path):
            return "the control server on \(path) was already started"
        case .system(let action, let path, let code):
            return "cannot \(action) \(path): \(SocketIO.describe(errno: code))"
        }
    }

    public var description: String { userMessage }
}
