import Foundation

/// Loopback TCP ports for the servers a test starts (snapserver, MPD, crated's listeners).
public enum FreePorts {
    /// TCP ports nothing listens on now, all different: each bound to port 0 (the kernel's
    /// pick), noted, and released together.
    public static func take(_ count: Int) throws -> [Int] {
        var sockets: [Int32] = [], ports: [Int] = []
        defer { sockets.forEach { close($0) } }
        for _ in 0..<count {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            sockets.append(fd)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Bool in
                    bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
                }
            }
            guard bound else { throw FixtureError("cannot find a free port: errno \(errno)") }
            ports.append(Int(UInt16(bigEndian: address.sin_port)))
        }
        return ports
    }
}
