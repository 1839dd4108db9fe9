#if canImport(Glibc)
import Glibc
#endif

/// A fresh directory under /tmp, removed with everything in it by `remove()`.
/// Kept short: Unix socket paths inside it must fit in 107 bytes.
public final class TemporaryDirectory {
    public let path: String

    public struct CreationError: Error, CustomStringConvertible {
        public var errno: Int32
        public var description: String { "mkdtemp failed: errno \(errno)" }
    }

    public init(prefix: String = "crate") throws(CreationError) {
        var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
        let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard created != nil else { throw CreationError(errno: errno) }
        path = String(decoding: template.prefix(while: { $0 != 0 }).map(UInt8.init(bitPattern:)), as: UTF8.self)
    }

    /// `path` + "/" + `name`.
    public func file(_ name: String) -> String { path + "/" + name }

    public func remove() {
        Self.removeTree(path)
    }

    /// `rm -rf` without spawning a process; does not follow symlinks.
    public static func removeTree(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if info.st_mode & S_IFMT == S_IFDIR, let directory = opendir(path) {
            var children: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                if name != "." && name != ".." { children.append(name) }
            }
            closedir(directory)
            for child in children { removeTree(path + "/" + child) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}
