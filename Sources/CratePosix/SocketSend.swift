import Glibc

/// Writing a whole message to a blocking stream socket, as the line clients (crate-admin,
/// snapserver's JSON-RPC, the tests) do: short writes are continued, EINTR is retried,
/// and a peer that went away is an error, not a SIGPIPE.
public enum SocketSend {
    /// Sends every byte of `bytes` on `fd`. Returns nil when all were sent, else the errno
    /// of the failed send (with the count sent before it).
    public static func all(_ bytes: [UInt8], to fd: Int32) -> (errno: Int32, sent: Int)? {
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { raw in Glibc.send(fd, raw.baseAddress! + sent, raw.count - sent, Int32(MSG_NOSIGNAL)) }
            if n < 0 {
                let code = errno
                if code == EINTR { continue }
                return (code, sent)
            }
            sent += n
        }
        return nil
    }
}
