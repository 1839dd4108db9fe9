import CrateFormats
import CrateJSON

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

    /// The format Crate plays the file as, when every sign the server gives (container,
    /// codec, the key's extension) agrees on one the registry knows; nil otherwise.
    public var format: (any AudioFormat)? {
        FormatRegistry.format(plexContainer: container, codec: codec, fileExtension: Self.fileExtension(of: key))
    }

    public var isPlayable: Bool { format != nil }

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

extension PlexPart {
    /// The codec as the library names it ("FLAC", "AAC", "Vorbis"), from the server's word.
    var codecName: String {
        switch (codec ?? container ?? "").lowercased() {
        case "vorbis", "ogg": "Vorbis"
        case "opus": "Opus"
        case let other: other.uppercased()
        }
    }

    var isLossless: Bool { ["flac", "alac"].contains((codec ?? container ?? "").lowercased()) }
}
