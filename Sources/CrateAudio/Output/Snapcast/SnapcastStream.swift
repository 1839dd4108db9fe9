/// A snapserver `tcp` source in server mode, and the one sample format it takes.
public struct SnapcastStream: Sendable, Equatable, CustomStringConvertible {
    public var host: String
    public var port: Int
    public var sampleRate: Int
    /// 16, 24 (sent in 4 bytes, as snapcast stores it) or 32.
    public var bitsPerSample: Int

    public init(host: String, port: Int, sampleRate: Int = 44100, bitsPerSample: Int = 16) {
        self.host = host
        self.port = port
        self.sampleRate = sampleRate
        self.bitsPerSample = bitsPerSample
    }

    /// `127.0.0.1:4953`, `[::1]:4953`.
    public var address: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
    public var description: String { "tcp://\(address)" }
    /// snapcast's own spelling, `44100:16:2`.
    public var format: String { "\(sampleRate):\(bitsPerSample):2" }

    /// Bytes of one stereo frame on the wire (snapcast keeps 24-bit samples in 4 bytes).
    var frameBytes: Int { bitsPerSample == 16 ? 4 : 8 }
}
