#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading the configuration file from disk with plain POSIX calls, and turning its bytes
/// into text. Failures say which file and why, in the system's words.
enum ConfigFile {
    /// Larger than any real crate.toml; guards against pointing the daemon at a disk image.
    static let sizeLimit = 1 << 20

    /// The whole file, or `cannot read PATH: REASON`.
    static func text(of path: String) throws(ConfigError) -> String {
        let bytes = try contents(of: path)
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        throw invalidUTF8(bytes, path: path)
    }

    static func contents(of path: String) throws(ConfigError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .unreadable(path, reason: systemError(), missing: errno == ENOENT)
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress, buffer.count)
            }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path, reason: systemError())
            }
            bytes += chunk[..<count]
            if bytes.count > sizeLimit {
                throw .unreadable(path, reason: "larger than \(sizeLimit / 1024) KiB, not a configuration file")
            }
        }
    }

    /// The message for the current `errno`, as `strerror` words it.
    private static func systemError() -> String {
        String(cString: strerror(errno))
    }

    /// The error for text that is not UTF-8, pointing at the line of the first bad byte.
    private static func invalidUTF8(_ bytes: [UInt8], path: String) -> ConfigError {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var line = 1
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): if scalar == "\n" { line += 1 }
            case .emptyInput, .error: break decoding
            }
        }
        return ConfigError(source: path, line: line, message: "not UTF-8 text; save the file as UTF-8")
    }
}
