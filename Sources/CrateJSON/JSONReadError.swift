import CrateCore

/// Why a body could not be read as JSON, in words for `crate-admin status` and the log.
///
/// Byte offsets count from the start of the body as received (0-based), so they can be
/// checked against a captured response.
public enum JSONReadError: UserFacingError, Equatable {
    /// Nothing at all came back.
    case emptyBody
    /// The body is not JSON: `kind` is "HTML", "XML" or "text"; `title` is an HTML page's
    /// title when it has one (a 401 page says "Unauthorized" there); `snippet` is how the
    /// body begins.
    case notJSON(kind: String, title: String?, snippet: String)
    /// The body stopped in the middle of a value: a cut connection or a short read.
    case truncated(atByte: Int)
    /// The body is JSON-like but broken at `atByte`.
    case malformed(atByte: Int, expected: String, found: String)
    /// Arrays and objects nested deeper than the limit: refused rather than risking the stack.
    case tooDeep(limit: Int, atByte: Int)
    /// The body is larger than the parser accepts.
    case tooLarge(bytes: Int, limit: Int)

    public var userMessage: String {
        switch self {
        case .emptyBody:
            "expected JSON, got an empty body"
        case .notJSON(let kind, let title, let snippet):
            if let title {
                "expected JSON, got \(kind) titled \"\(title)\" (\(snippet))"
            } else {
                "expected JSON, got \(kind) (\(snippet))"
            }
        case .truncated(let offset):
            "unexpected end of the body at byte \(offset) (the response was cut short)"
        case .malformed(let offset, let expected, let found):
            "malformed JSON at byte \(offset): expected \(expected), found \(found)"
        case .tooDeep(let limit, let offset):
            "JSON nested deeper than \(limit) levels at byte \(offset); refused"
        case .tooLarge(let bytes, let limit):
            "response of \(bytes) bytes is larger than the \(limit)-byte limit; refused"
        }
    }
}
