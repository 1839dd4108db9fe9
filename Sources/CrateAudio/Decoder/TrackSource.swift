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
    /// Where the bytes wait for the decoder (an unlinked file; on disk, not in memory).
    public var spoolDirectory: String
    public init(url: String, headers: [(name: String, value: String)], expectedBytes: Int?, stallTimeout: Double = 20,
                spoolDirectory: String = "/tmp") {
        self.url = url
        self.spoolDirectory = spoolDirectory
        self.headers = headers
        self.expectedBytes = expectedBytes
        self.stallTimeout = stallTimeout
    }
}
