/// What the library learns of one audio file, whatever its format: its tags and the
/// facts of its audio stream.
public struct TrackMetadata: Sendable, Equatable {
    public var tags: TrackTags
    public var stream: StreamInfo

    public init(tags: TrackTags, stream: StreamInfo) {
        self.tags = tags
        self.stream = stream
    }
}

/// The audio stream of a file: codec, rate, depth, channels and exact length.
public struct StreamInfo: Sendable, Equatable {
    /// "MP3", "FLAC", "Vorbis", "Opus", "AAC", "ALAC".
    public var codec: String
    public var sampleRate: Int
    public var channels: Int
    /// The source's depth for lossless codecs; 16 for lossy ones (what they decode to).
    public var bitsPerSample: Int
    /// Samples per channel after gapless trimming.
    public var durationFrames: Int
    /// True when the length is what the decoder will produce, sample for sample.
    public var exact: Bool
    /// kbit/s, when the container says or it can be worked out.
    public var bitrate: Int?
    public var lossless: Bool
    /// Why the file holds less audio than its header or container says ("truncated: …"):
    /// a file cut short, which plays what is there and is reported by the scan.
    public var truncation: String?

    public init(codec: String, sampleRate: Int, channels: Int, bitsPerSample: Int, durationFrames: Int,
                exact: Bool, bitrate: Int? = nil, lossless: Bool, truncation: String? = nil) {
        self.truncation = truncation
        self.codec = codec
        self.sampleRate = sampleRate
        self.channels = channels
        self.bitsPerSample = bitsPerSample
        self.durationFrames = durationFrames
        self.exact = exact
        self.bitrate = bitrate
        self.lossless = lossless
    }

    public var durationSeconds: Double { sampleRate > 0 ? Double(durationFrames) / Double(sampleRate) : 0 }
}

/// "12.3 s", for reasons a person reads.
func formatSeconds(_ seconds: Double) -> String {
    "\(Double(Int((seconds * 10).rounded())) / 10) s"
}
