/// `[web] listen`: `HOST:PORT`, with an IPv6 host in brackets (`[::1]:8080`).
public struct ListenAddress: Sendable, Equatable, CustomStringConvertible {
    public var host: String
    public var port: Int

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    public init(parsing text: String) throws(ListenAddressError) {
        guard let colon = text.lastIndex(of: ":") else {
            throw ListenAddressError("'\(text)' has no port: write HOST:PORT, e.g. 0.0.0.0:8080")
        }
        var host = String(text[..<colon])
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { throw ListenAddressError("'\(text)' has no host: write HOST:PORT, e.g. 0.0.0.0:8080") }
        guard let port = Int(text[text.index(after: colon)...]), (1...65535).contains(port) else {
            throw ListenAddressError("'\(text)': the port must be a number from 1 to 65535")
        }
        self.host = host
        self.port = port
    }

    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}

public struct ListenAddressError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
