/// A decoder of one track, whatever its format: what the audio engine pulls PCM from.
///
/// Output is always interleaved stereo `Int32`, each sample left-justified: a 16-bit
/// source sample `s` arrives as `s << 16`, a 24-bit one as `s << 8`. The top
/// `format.bitsPerSample` bits are the source's bits exactly, the rest zero, so an
/// output narrows them back without rounding (bit-perfect). Mono is copied to both
/// channels; more than two channels is refused when the decoder is made.
public protocol TrackDecoder: AnyObject {
    /// The name the track is known by (errors name it).
    var path: String { get }
    var format: PCMFormat { get }
    /// "MP3", "FLAC", "Vorbis", "Opus", "AAC", "ALAC": shown in `status`.
    var codec: String { get }
    /// Length in frames after gapless trimming.
    var totalFrames: Int { get }
    /// Whether `totalFrames` is exact (a tagged or indexed length), not an estimate.
    var lengthIsExact: Bool { get }
    /// Decodes up to `maxFrames` frames. 0 is the end of the track, unless `waiting`.
    func read(into buffer: UnsafeMutablePointer<Int32>, maxFrames: Int) throws(DecodeError) -> Int
    /// The last read found too little data yet (a stream still arriving): try again shortly.
    var waiting: Bool { get }
    /// Positions the decoder so the next frame read is `frame`, sample-exact.
    func seek(toFrame frame: Int) throws(DecodeError)
    /// Whether the file holds every byte its headers declare, so a decode that ends short
    /// met damaged data rather than a cut-off file; nil when the format cannot tell.
    var bytesAreWhole: Bool? { get }
}

extension TrackDecoder {
    public var bytesAreWhole: Bool? { nil }
}

/// What a decoder produces: the source's rate, channels and bit depth. Output is stereo
/// whatever `channels` says; `bitsPerSample` says how many of each Int32's top bits count.
public struct PCMFormat: Sendable, Equatable, CustomStringConvertible {
    public var sampleRate: Int
    /// Channels in the source (1 or 2).
    public var channels: Int
    /// 16 for lossy formats (what their decoders are asked for), 16/24/32 for lossless.
    public var bitsPerSample: Int

    public init(sampleRate: Int, channels: Int, bitsPerSample: Int) {
        self.sampleRate = sampleRate
        self.channels = channels
        self.bitsPerSample = bitsPerSample
    }

    /// "44.1 kHz/16-bit stereo".
    public var description: String {
        let khz = sampleRate % 1000 == 0 ? "\(sampleRate / 1000)" : "\(Double(sampleRate) / 1000)"
        return "\(khz) kHz/\(bitsPerSample)-bit \(channels == 1 ? "mono" : "stereo")"
    }

    /// The channel counts the engine plays; anything else is refused with this reason.
    public static func check(channels: Int, path: String) throws(DecodeError) {
        guard channels == 1 || channels == 2 else {
            throw DecodeError(path: path, reason: "\(channels) channels not supported (Crate plays mono and stereo)")
        }
    }
}
