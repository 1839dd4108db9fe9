import CMPG123
import CrateMP3
import Glibc

/// Decodes one MP3 file to interleaved signed 16-bit stereo at the file's own rate.
/// Gapless: encoder delay and padding from the LAME/Info tag are trimmed by libmpg123,
/// so consecutive tracks of a gapless album concatenate into the original signal.
/// Mono sources come out on both channels. Not thread-safe: one owner thread.
public final class MP3Decoder {
    public let path: String
    /// Sample rate of the source; output is never resampled.
    public let sampleRate: Int
    /// Channels in the source (1 or 2); output always has 2.
    public let sourceChannels: Int
    /// Length in frames after gapless trimming. Exact when the file has a LAME/Info tag.
    public let totalFrames: Int
    /// Whether `totalFrames` came from a LAME/Info tag (exact) or an estimate.
    public let lengthIsExact: Bool
    public static let outputChannels = 2

    private let handle: OpaquePointer

    /// Opens `path`; errors and `path` name `displayPath` when given (the library's name
    /// for a cached copy).
    public init(path file: String, displayPath: String? = nil) throws(DecodeError) {
        let path = displayPath ?? file
        self.path = path
        // libmpg123 resyncs through garbage and would "decode" noise out of random bytes;
        // the container check refuses anything that does not start like an MP3 first.
        do {
            _ = try MP3FileInfo.read(path: file)
        } catch {
            throw DecodeError(path: path, reason: error.reason)
        }
        let mh = try MPG123Handle.make(path: path)
        handle = mh
        guard mpg123_open(mh, file) == MPG123_OK.rawValue else {
            let reason = String(cString: mpg123_strerror(mh))
            mpg123_delete(mh)
            throw DecodeError(path: path, reason: "cannot open: \(reason)")
        }
        var rate = 0
        var channels: Int32 = 0
        var encoding: Int32 = 0
        guard mpg123_getformat(mh, &rate, &channels, &encoding) == MPG123_OK.rawValue, rate > 0 else {
            let reason = String(cString: mpg123_strerror(mh))
            mpg123_close(mh)
            mpg123_delete(mh)
            throw DecodeError(path: path, reason: "not a playable MP3 (\(reason))")
        }
        sampleRate = rate
        // A LAME tag carries the encoder delay; with it libmpg123 trims exactly and knows the
        // exact length up front. Without one the length is libmpg123's estimate.
        (sourceChannels, lengthIsExact) = MPG123Handle.describe(mh)
        let length = mpg123_length(mh)
        totalFrames = max(0, Int(length))
    }

    deinit {
        mpg123_close(handle)
        mpg123_delete(handle)
    }

    /// Decodes up to `maxFrames` stereo frames into `buffer`. Returns 0 at the end of the file.
    public func read(into buffer: UnsafeMutablePointer<Int16>, maxFrames: Int) throws(DecodeError) -> Int {
        switch try MPG123Handle.read(handle, into: buffer, maxFrames: maxFrames, sampleRate: sampleRate, path: path) {
        case .frames(let frames): return frames
        case .done, .needMore: return 0  // a whole file never needs more
        }
    }

    /// Positions the decoder so the next frame read is `frame` (sample-exact).
    public func seek(toFrame frame: Int) throws(DecodeError) {
        let target = max(0, min(frame, totalFrames))
        let rc = mpg123_seek(handle, off_t(target), SEEK_SET)
        if rc < 0 {
            throw DecodeError(path: path, reason: "seek failed: \(String(cString: mpg123_strerror(handle)))")
        }
    }
}
