import CrateJSON

/// The error documents plex.tv (and some proxies) send with a JSON content type:
/// `{"errors": [{"code": 1020, "message": "Code not found or expired"}]}` or `{"error": "..."}`.
/// Recognised so the message reaches the user instead of "no MediaContainer".
enum PlexErrorBody {
    static func message(in root: JSONValue) -> String? {
        if let errors = root["errors"] {
            let messages = entries(errors).compactMap { entry -> String? in
                guard let text = entry.string("message") ?? entry.stringValue else { return nil }
                return entry.int("code").map { "\(text) (code \($0))" } ?? text
            }
            if !messages.isEmpty { return messages.joined(separator: "; ") }
        }
        return root.string("error")
    }

    private static func entries(_ value: JSONValue) -> [JSONValue] {
        switch value {
        case .array(let items): items
        case .object, .string: [value]
        default: []
        }
    }
}

extension PlexErrorBody {
    /// The root of a single-object answer: an error document becomes `serverSaid`,
    /// any non-object an `unexpectedShape` naming `what` was expected.
    static func object(_ root: JSONValue, _ what: String) throws(PlexWireError) -> JSONValue {
        if let message = message(in: root) { throw .serverSaid(message) }
        guard case .object = root else { throw .unexpectedShape(expected: what, found: root.kindDescription) }
        return root
    }
}
