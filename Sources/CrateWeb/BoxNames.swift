import CratePosix
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The names and addresses this box answers to, for the `Host` header of every request.
/// A website a person on the home network opens can point a name of its own at the box's
/// address (DNS rebinding): the browser then sends that name as `Host`, and the page's
/// own origin check would see a same-origin request. Refusing every `Host` that is not
/// the box's own closes that door: loopback, the listen address, the box's host name and
/// that name `.local` (mDNS), the addresses of its interfaces (read again when an
/// unknown address is asked for, at most every few seconds: DHCP moves them), and the
/// names an admin lists in `[web] hosts`. The port is not compared: a rebinding page uses
/// the box's own port, and a forwarded port (a VM, a router) differs from the listen port.
public final class BoxNames: Sendable {
    /// How often an unknown address may make the interfaces be read again.
    static let rereadSeconds: Double = 5
    private let fixed: Set<String>
    private struct Interfaces {
        var addresses: Set<String> = []
        var readAt: ContinuousClock.Instant?
    }
    private let interfaces = Mutex(Interfaces())

    public init(listenHost: String, extra: [String]) {
        var names: Set<String> = ["localhost", "127.0.0.1", "::1"]
        // The listen host as written, even 0.0.0.0: an address in Host is never a rebound name.
        if let host = Self.normalised(listenHost) { names.insert(host) }
        if let own = Self.hostName() {
            names.insert(own)
            let first = String(own.split(separator: ".").first ?? Substring(own))
            names.insert(first)
            names.insert(first + ".local")
        }
        for name in extra { if let name = Self.normalised(name) { names.insert(name) } }
        fixed = names
    }

    /// The names accepted without asking the interfaces, for the log and the tests.
    public var names: Set<String> { fixed }

    /// True when `host` (a `Host` header or an `Origin`'s authority: `name`, `name:port`,
    /// `[v6]:port`) names this box.
    public func accepts(host: String?) -> Bool {
        guard let host, let name = Self.hostPart(host) else { return false }
        if fixed.contains(name) || Self.isLoopback(name) { return true }
        guard Self.isAddress(name) else { return false }
        return interfaces.withLock { state in
            let now = ContinuousClock.now
            if state.addresses.contains(name) { return true }
            if let at = state.readAt, now - at < .seconds(Self.rereadSeconds) { return false }
            state.addresses = Self.interfaceAddresses()
            state.readAt = now
            return state.addresses.contains(name)
        }
    }

    /// The host of `name`, `name:port` or `[v6]:port`, lower case without a trailing dot;
    /// nil when it is not one of those.
    static func hostPart(_ authority: String) -> String? {
        var host = Substring(authority)
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return nil }
            let rest = host[host.index(after: close)...]
            guard rest.isEmpty || (rest.hasPrefix(":") && rest.dropFirst().allSatisfy(\.isNumber)) else { return nil }
            host = host[host.index(after: host.startIndex)..<close]
        } else if let colon = host.firstIndex(of: ":") {
            // One colon: name:port. More than one without brackets is not a Host.
            guard host[host.index(after: colon)...].allSatisfy(\.isNumber) else { return nil }
            host = host[..<colon]
        }
        return normalised(String(host))
    }

    static func normalised(_ name: String) -> String? {
        var name = name.lowercased()
        while name.hasSuffix(".") { name.removeLast() }
        guard !name.isEmpty, name.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "/") }) else { return nil }
        return name
    }

    static func isLoopback(_ name: String) -> Bool {
        var v4 = in_addr()
        if inet_pton(AF_INET, name, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
        return false
    }

    static func isAddress(_ name: String) -> Bool {
        var v4 = in_addr(), v6 = in6_addr()
        return inet_pton(AF_INET, name, &v4) == 1 || inet_pton(AF_INET6, name, &v6) == 1
    }

    static func hostName() -> String? {
        NetworkIdentity.fullHostName().flatMap(normalised)
    }

    /// Every address of every interface, as text (IPv6 without its zone).
    static func interfaceAddresses() -> Set<String> {
        Set(NetworkIdentity.interfaceAddresses().map(\.text))
    }
}
