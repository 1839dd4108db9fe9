/// What the engine decodes a track with: a file (`MP3Decoder`) or a stream arriving over
/// HTTP (`StreamingMP3Decoder`). Interleaved signed 16-bit stereo at the source's rate.
protocol TrackDecoder: AnyObject {
    var path: String { get }
    var sampleRate: Int { get }
    var sourceChannels: Int { get }
    var totalFrames: Int { get }
    var lengthIsExact: Bool { get }
    /// Decodes up to `maxFrames` frames. 0 is the end of the track, unless `waiting`.
    func read(into buffer: UnsafeMutablePointer<Int16>, maxFrames: Int) throws(DecodeError) -> Int
    /// The last read found no data yet: the engine tries again shortly (playback buffers).
    var waiting: Bool { get }
    func seek(toFrame frame: Int) throws(DecodeError)
}

extension MP3Decoder: TrackDecoder {
    var waiting: Bool { false }
}

/// Where the engine gets a track a resolver knows about: a file elsewhere (a cached copy)
/// or a stream.
public enum TrackSource: Sendable {
    case file(String)
    case stream(StreamRequest)
    /// It cannot be had now; the reason becomes the track's error.
    case unavailable(String)
}

/// A track that arrives over HTTP: what to ask for, and how long a silent connection is
/// waited for before the track fails (never endless silence).
public struct StreamRequest: Sendable {
    public var url: String
    public var headers: [(name: String, value: String)]
    /// The file's size when known (gapless trimming of the end needs it).
    public var expectedBytes: Int?
    /// Seconds without a byte before the track fails.
    public var stallTimeout: Double
    public init(url: String, headers: [(name: String, value: String)], expectedBytes: Int?, stallTimeout: Double = 20) {
        self.url = url
        self.headers = headers
        self.expectedBytes = expectedBytes
        self.stallTimeout = stallTimeout
    }
}
