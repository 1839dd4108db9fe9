#if canImport(Glibc)
import Glibc
#endif

/// Writes straight to file descriptors 1 and 2. Unbuffered on purpose: `watch` lines must
/// appear as events happen even when piped, and stdio's `stdout`/`stderr` globals are
/// not concurrency-safe to touch in Swift 6.
enum Output {
    static func line(_ text: String) {
        write(text + "\n", to: STDOUT_FILENO)
    }

    /// Text without a newline (a progress line redrawn in place).
    static func raw(_ text: String) {
        write(text, to: STDOUT_FILENO)
    }

    /// `crate-admin: <message>` on stderr.
    static func error(_ message: String) {
        write("crate-admin: \(message)\n", to: STDERR_FILENO)
    }

    private static func write(_ text: String, to fd: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return  // Nowhere left to report a broken stdout; give up quietly.
            }
            bytes = bytes.dropFirst(n)
        }
    }
}
