import CMPG123
import Glibc

/// Decodes one MP3 with libmpg123. Gapless: encoder delay and padding from the
/// LAME/Info tag are trimmed by libmpg123, so consecutive tracks of a gapless album
/// concatenate into the original signal. Not thread-safe: one owner thread.
final class MP3Decoder: TrackDecoder {
    let path: String
    let format: PCMFormat
    let codec = "MP3"
    let totalFrames: Int
    let lengthIsExact: Bool
    /// From the Xing/Info header of a file (nil for streams, and files without one).
    let bytesAreWhole: Bool?
    private(set) var waiting = false
    private let handle: OpaquePointer
    private let cursor: ByteCursor
    /// S16 stereo from libmpg123 before widening; one decode chunk, allocated once.
    private let scratch = SampleScratch()
    /// Bytes a stream must have ready past the read position before a decode step.
    static let streamLead = 64 * 1024

    init(source: any ByteSource, path: String) throws(DecodeError) {
        self.path = path
        let isStream = source.readyBytes(from: 0) != Int.max
        // libmpg123 resyncs through garbage and would "decode" noise out of random bytes;
        // the container check refuses anything that does not start like an MP3 first.
        var whole: Bool? = nil
        if let file = source as? FileByteSource {
            do {
                whole = try MP3FileInfo.read(path: file.filePath).audio.bytesAreWhole
            } catch {
                throw DecodeError(path: path, reason: error.reason)
            }
        }
        bytesAreWhole = whole
        cursor = ByteCursor(source)
        let mh = try MPG123Handle.make(path: path)
        handle = mh
        guard MPG123Handle.open(mh, cursor: cursor, isStream: isStream) == MPG123_OK.rawValue else {
            let reason = cursor.failure?.reason ?? String(cString: mpg123_strerror(mh))
            mpg123_delete(mh)
            throw DecodeError(path: path, reason: "cannot open: \(reason)")
        }
        var rate = 0
        var channels: Int32 = 0
        var encoding: Int32 = 0
        guard mpg123_getformat(mh, &rate, &channels, &encoding) == MPG123_OK.rawValue, rate > 0 else {
            let reason = cursor.failure?.reason ?? String(cString: mpg123_strerror(mh))
            mpg123_close(mh)
            mpg123_delete(mh)
            throw DecodeError(path: path, reason: isStream ? "not a playable MP3 stream (\(reason))" : "not a playable MP3 (\(reason))")
        }
        // A LAME tag carries the encoder delay; with it libmpg123 trims exactly and knows the
        // exact length up front. Without one the length is libmpg123's estimate.
        let (sourceChannels, exact) = MPG123Handle.describe(mh)
        format = PCMFormat(sampleRate: rate, channels: sourceChannels, bitsPerSample: 16)
        lengthIsExact = exact
        totalFrames = max(0, Int(mpg123_length(mh)))
    }

    deinit {
        mpg123_close(handle)
        mpg123_delete(handle)
    }

    func read(into buffer: UnsafeMutablePointer<Int32>, maxFrames: Int) throws(DecodeError) -> Int {
        waiting = cursor.shouldWait(lead: Self.streamLead)
        if waiting { return 0 }
        scratch.reserve(frames: maxFrames)
        let result = try MPG123Handle.read(handle, into: scratch.base, maxFrames: maxFrames,
                                           sampleRate: format.sampleRate, path: path)
        if let failure = cursor.failure { throw failure }
        switch result {
        case .frames(let frames):
            Interleave.from16(scratch.base, frames: frames, channels: 2, into: buffer)
            return frames
        case .done:
            return 0
        }
    }

    func seek(toFrame frame: Int) throws(DecodeError) {
        let target = max(0, min(frame, totalFrames))
        let rc = mpg123_seek(handle, off_t(target), SEEK_SET)
        if rc < 0 {
            throw DecodeError(path: path, reason: "seek failed: \(cursor.failure?.reason ?? String(cString: mpg123_strerror(handle)))")
        }
    }
}
