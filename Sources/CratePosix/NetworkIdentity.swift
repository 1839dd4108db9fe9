import Glibc

/// What the home network knows this box by: its host name (avahi announces it with
/// ".local") and its interfaces' addresses. Read from the kernel (gethostname,
/// getifaddrs) each time it is asked: DHCP gives or moves an address after the daemon
/// started. The one reader of both, for the panel's "how to reach the box" and the
/// page's list of names it answers to.
public enum NetworkIdentity {
    /// One address of one interface, as the kernel lists them.
    public struct InterfaceAddress: Sendable, Equatable {
        /// The address as text (IPv6 without its zone).
        public var text: String
        public var isIPv4: Bool
        public var isUp: Bool
        public var isLoopback: Bool
    }

    /// The host name as the kernel has it (dots and case kept); nil when it has none.
    public static func fullHostName() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty || name == "(none)" ? nil : name
    }

    /// The host name up to its first dot, lower case; nil when the kernel has none.
    public static func hostName() -> String? {
        let first = fullHostName()?.split(separator: ".").first.map { $0.lowercased() } ?? ""
        return first.isEmpty ? nil : first
    }

    /// The IPv4 address of the first interface that is up and not loopback, in the
    /// kernel's order (wired before wireless on a Pi); nil before any has one (no DHCP
    /// lease yet, no network) or when the interfaces cannot be read.
    public static func firstIPv4() -> String? {
        interfaceAddresses().first { $0.isIPv4 && $0.isUp && !$0.isLoopback }?.text
    }

    /// Every IPv4 and IPv6 address of every interface, in the kernel's order; empty when
    /// the interfaces cannot be read.
    public static func interfaceAddresses() -> [InterfaceAddress] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return [] }
        defer { freeifaddrs(list) }
        var found: [InterfaceAddress] = []
        var next = list
        while let entry = next {
            defer { next = entry.pointee.ifa_next }
            guard let address = entry.pointee.ifa_addr else { continue }
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
            let family = Int32(address.pointee.sa_family)
            switch family {
            case AF_INET:
                address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                    var raw = v4.pointee.sin_addr
                    _ = inet_ntop(AF_INET, &raw, &text, socklen_t(text.count))
                }
            case AF_INET6:
                address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                    var raw = v6.pointee.sin6_addr
                    _ = inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count))
                }
            default:
                continue
            }
            let name = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard !name.isEmpty else { continue }
            let flags = entry.pointee.ifa_flags
            found.append(InterfaceAddress(text: name, isIPv4: family == AF_INET, isUp: flags & UInt32(IFF_UP) != 0,
                                          isLoopback: flags & UInt32(IFF_LOOPBACK) != 0))
        }
        return found
    }
}
