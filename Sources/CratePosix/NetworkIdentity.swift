import Glibc

/// What the home network knows this box by: its host name (avahi announces it with
/// ".local") and the IPv4 address a phone on the same network can open. Read from the
/// kernel (gethostname, getifaddrs) each time it is asked: DHCP gives or moves the
/// address after the daemon started.
public enum NetworkIdentity {
    /// The host name up to its first dot, lower case; nil when the kernel has none.
    public static func hostName() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
        let full = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let first = full.split(separator: ".").first.map { $0.lowercased() } ?? ""
        return first.isEmpty || first == "(none)" ? nil : first
    }

    /// The IPv4 address of the first interface that is up and not loopback, in the
    /// kernel's order (wired before wireless on a Pi); nil before any has one (no DHCP
    /// lease yet, no network) or when the interfaces cannot be read.
    public static func firstIPv4() -> String? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return nil }
        defer { freeifaddrs(list) }
        var next = list
        while let entry = next {
            defer { next = entry.pointee.ifa_next }
            let flags = entry.pointee.ifa_flags
            guard let address = entry.pointee.ifa_addr, Int32(address.pointee.sa_family) == AF_INET,
                  flags & UInt32(IFF_UP) != 0, flags & UInt32(IFF_LOOPBACK) == 0 else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN) + 1)
            address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                var raw = v4.pointee.sin_addr
                _ = inet_ntop(AF_INET, &raw, &text, socklen_t(text.count))
            }
            let name = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !name.isEmpty { return name }
        }
        return nil
    }
}
