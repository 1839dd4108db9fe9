import CratePosix

/// A local file as a byte source: every byte is ready, reads never wait.
public final class FileByteSource: ByteSource {
    /// The name errors use.
    public let path: String
    /// The file actually read.
    public let filePath: String
    private let file: RegularFile

    /// `displayPath` names the file in errors (the library's name for a cached copy).
    public init(path: String, displayPath: String? = nil) throws(DecodeError) {
        self.path = displayPath ?? path
        filePath = path
        do {
            file = try RegularFile(path: path)
        } catch {
            throw DecodeError(path: displayPath ?? path, reason: error.reason)
        }
    }

    public var size: Int? { file.size }

    public func readyBytes(from offset: Int) -> Int { Int.max }

    public func read(at offset: Int, into buffer: UnsafeMutableRawPointer, count: Int) throws(DecodeError) -> Int {
        do {
            return try file.read(at: offset, into: buffer, count: count)
        } catch {
            throw DecodeError(path: path, reason: "read failed: \(error.message)")
        }
    }
}
