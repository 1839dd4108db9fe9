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
