/// The JSON reader for the bodies of web services (Plex, plex.tv, Last.fm).
///
/// Strict about structure (a cut body is an error with its byte offset, never a half
/// document), lenient about text: invalid UTF-8 is read as Latin-1, lone surrogate escapes
/// become U+FFFD, a byte-order mark is skipped. Bodies that are not JSON at all, such as
/// the HTML page a Plex server sends with a 401, are named as such.
public enum LenientJSON {
    /// Bounds that keep a hostile or broken body from exhausting memory or the stack.
    public struct Limits: Sendable, Equatable {
        /// Largest body accepted. A 500-item track page is a few megabytes.
        public var maxBytes: Int
        /// Deepest nesting of arrays and objects. Plex payloads nest about six levels.
        public var maxDepth: Int

        public init(maxBytes: Int = 32 << 20, maxDepth: Int = 64) {
            self.maxBytes = maxBytes
            self.maxDepth = maxDepth
        }
    }

    public static func parse(_ bytes: [UInt8]) throws(JSONReadError) -> JSONValue {
        try parse(bytes, limits: Limits())
    }

    public static func parse(_ bytes: [UInt8], limits: Limits) throws(JSONReadError) -> JSONValue {
        guard bytes.count <= limits.maxBytes else {
            throw .tooLarge(bytes: bytes.count, limit: limits.maxBytes)
        }
        var parser = JSONParser(bytes: bytes, maxDepth: limits.maxDepth)
        parser.skipByteOrderMark()
        parser.skipWhitespace()
        guard let first = parser.peek() else { throw .emptyBody }
        let start = parser.index

        // Anything but an object or an array on top is almost certainly not a JSON
        // answer ("401 Unauthorized", a proxy's text page): name it rather than parse it.
        guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
            if let scalar = try? parser.parseValue(depth: 0) {  // not even a scalar: named as not JSON below
                parser.skipTrailingWhitespace()
                if parser.peek() == nil { return scalar }
            }
            throw BodySniffer.notJSON(bytes, from: start)
        }

        let value = try parser.parseValue(depth: 0)
        parser.skipTrailingWhitespace()
        if parser.peek() != nil {
            throw .malformed(atByte: parser.index, expected: "the end of the body", found: parser.describeCurrent())
        }
        return value
    }
}
