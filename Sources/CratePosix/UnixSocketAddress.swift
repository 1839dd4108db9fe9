import Glibc

/// A Unix-domain socket address, for bind, connect and sendto: a file path, or (with
/// `abstractPrefix`) a name written `@name` in Linux's abstract namespace, as systemd
/// hands out in `$NOTIFY_SOCKET`.
public struct UnixSocketAddress: Sendable {
    public let path: String
    private let storage: sockaddr_un
    /// The address's length: up to the path's NUL, or to the name's end when abstract.
    private let length: socklen_t

    /// The most bytes a path may have (sun_path also holds its terminating NUL).
    public static var maxPathBytes: Int { MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1 }

    /// Nil when `path` is empty or does not fit `sun_path`.
    public init?(_ path: String, abstractPrefix: Bool = false) {
        var bytes = Array(path.utf8)
        let abstract = abstractPrefix && bytes.first == UInt8(ascii: "@")
        // An abstract name starts with a NUL byte and is not NUL-terminated.
        if abstract { bytes[0] = 0 } else { bytes.append(0) }
        guard bytes.count > 1, bytes.count <= Self.maxPathBytes + 1 else { return nil }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        self.path = path
        storage = address
        length = socklen_t(MemoryLayout.offset(of: \sockaddr_un.sun_path)! + bytes.count)
    }

    /// Calls `body` with the address as the socket calls take it.
    public func withSockaddr<R>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        var address = storage
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }
}
