import Synchronization

/// The password's sign-ins: random tokens kept in memory (a restart signs everyone out),
/// at most `WebLimits.maxSessions`, the oldest forgotten first.
public final class WebSessions: Sendable {
    public static let cookieName = "crate_session"
    let password: String?
    private let tokens = Mutex<[String]>([])

    public init(password: String?) { self.password = password }

    public var isOpen: Bool { password == nil }

    /// A new session token when `attempt` is the password, compared in constant time.
    public func signIn(_ attempt: String) -> String? {
        guard let password, Self.equal(Array(attempt.utf8), Array(password.utf8)) else { return nil }
        var generator = SystemRandomNumberGenerator()
        let token = (0..<4).map { _ in String(generator.next() as UInt64, radix: 16) }.joined(separator: "-")
        tokens.withLock { list in
            list.append(token)
            if list.count > WebLimits.maxSessions { list.removeFirst(list.count - WebLimits.maxSessions) }
        }
        return token
    }

    public func isValid(_ token: String?) -> Bool {
        if password == nil { return true }
        guard let token else { return false }
        return tokens.withLock { $0.contains(token) }
    }

    /// Cookie attributes: not readable by scripts, never sent by another site's page.
    public static func cookie(_ token: String) -> String {
        "\(cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict"
    }

    static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for i in 0..<max(a.count, b.count) {
            difference |= (i < a.count ? a[i] : 0) ^ (i < b.count ? b[i] : 0)
        }
        return difference == 0
    }
}
