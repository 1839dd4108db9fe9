/// One file of a track (`Media[].Part[]`): what direct play and downloads fetch.
public struct PlexPart: Sendable, Equatable {
    /// The server path of the file, e.g. `/library/parts/403991/1474300012/file.mp3`.
    /// Opaque: the extension's case varies and older servers omit the changestamp.
    public var key: String
    /// Bytes.
    public var size: Int?
    /// The file's container ("mp3", "flac", "mp4"), from the Part or else its Media.
    public var container: String?
    /// The Media's `audioCodec` ("mp3", "flac", "aac", "alac").
    public var codec: String?

    public init(key: String, size: Int? = nil, container: String? = nil, codec: String? = nil) {
        self.key = key
        self.size = size
        self.container = container
        self.codec = codec
    }

    /// Whether Crate can play the file: every sign the server gives (container, codec, the
    /// key's extension) says MP3, and there is at least one. A disagreement (an "mp3" codec
    /// in an mp4 container) is not MP3 to libmpg123.
    public var isMP3: Bool {
        let signs = [container, codec, Self.fileExtension(of: key)].compactMap { $0?.lowercased() }
        return !signs.isEmpty && signs.allSatisfy { $0 == "mp3" }
    }

    /// The extension of the key's last path segment, ignoring a query string; nil if none.
    static func fileExtension(of key: String) -> String? {
        let path = key.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        guard let name = path.split(separator: "/").last, let dot = name.lastIndex(of: "."),
              dot != name.startIndex, name.index(after: dot) != name.endIndex
        else { return nil }
        return String(name[name.index(after: dot)...])
    }
}

extension PlexPart {
    /// Every part of an item's `Media` list that has a key; keyless parts cannot be fetched.
    static func parts(of item: JSONValue) -> [PlexPart] {
        item.list("Media").flatMap { media in
            media.list("Part").compactMap { part -> PlexPart? in
                guard let key = part.string("key"), !key.trimmingASCIIWhitespace().isEmpty else { return nil }
                return PlexPart(key: key, size: part.int("size"),
                                container: part.string("container") ?? media.string("container"),
                                codec: media.string("audioCodec") ?? part.string("audioCodec"))
            }
        }
    }
}
