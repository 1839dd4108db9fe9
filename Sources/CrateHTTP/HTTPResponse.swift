/// A complete response: the final one after redirects.
public struct HTTPResponse: Sendable {
    public var status: Int
    /// Lower-cased names; a repeated header's values joined with ", ".
    public var headers: [String: String]
    public var body: [UInt8]

    public init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The header's value, whatever the case of `name`.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }
}
