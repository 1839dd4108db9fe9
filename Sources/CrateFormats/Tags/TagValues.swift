/// ReplayGain values in dB and linear peak, each present only when tagged.
public struct ReplayGain: Sendable, Equatable, Codable {
    public var trackGain: Double?
    public var trackPeak: Double?
    public var albumGain: Double?
    public var albumPeak: Double?
    public init(trackGain: Double? = nil, trackPeak: Double? = nil, albumGain: Double? = nil, albumPeak: Double? = nil) {
        self.trackGain = trackGain
        self.trackPeak = trackPeak
        self.albumGain = albumGain
        self.albumPeak = albumPeak
    }
}

/// An embedded picture: byte range of the image data inside the file, and its type.
/// A negative `offset` means the picture is encoded in the file, not stored as a range
/// (Ogg's base64 METADATA_BLOCK_PICTURE): `FormatRegistry.embeddedPicture` reads it.
public struct ArtworkLocation: Sendable, Equatable, Codable {
    public var offset: Int
    public var length: Int
    public var mimeType: String
    public init(offset: Int, length: Int, mimeType: String) {
        self.offset = offset
        self.length = length
        self.mimeType = mimeType
    }
}

extension ArtworkLocation {
    /// Whether the image is `length` bytes at `offset` of the file, as they are.
    public var isByteRange: Bool { offset >= 0 }

    /// A picture that must be decoded out of the file (`length`: the image's size).
    public static func encoded(length: Int, mimeType: String) -> ArtworkLocation {
        ArtworkLocation(offset: -1, length: length, mimeType: mimeType)
    }
}
