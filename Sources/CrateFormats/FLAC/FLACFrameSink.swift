import CFLAC

/// What libFLAC's callbacks talk to: the byte cursor it reads through, and the decoded
/// frames it writes, kept interleaved, stereo and left-justified until `read` takes them.
/// One owner thread; the callbacks run inside that thread's libFLAC calls.
final class FLACFrameSink {
    let cursor: ByteCursor
    let channels: Int
    let bitsPerSample: Int
    let sampleRate: Int
    /// Frames written and not yet taken: `storage[start * 2 ..< (start + count) * 2]`.
    private(set) var count = 0
    private var start = 0
    private var storage: UnsafeMutablePointer<Int32>
    private var capacity: Int
    /// Frames of real audio written (not counting frames libFLAC replaced with silence).
    private(set) var goodFrames = 0
    /// Decoding trouble libFLAC reported and got past, in words for a log.
    private(set) var problems: [String] = []
    private var crcFailed = false

    static let maxProblems = 20

    init(cursor: ByteCursor, streamInfo: FLACStreamInfo) {
        self.cursor = cursor
        channels = streamInfo.channels
        bitsPerSample = streamInfo.bitsPerSample
        sampleRate = streamInfo.sampleRate
        // A frame is at most STREAMINFO's largest block; allocated once.
        capacity = max(streamInfo.maxBlockSize, 4608)
        storage = .allocate(capacity: capacity * 2)
    }

    deinit { storage.deallocate() }

    /// Moves up to `maxFrames` frames into `out`; returns how many.
    func take(into out: UnsafeMutablePointer<Int32>, maxFrames: Int) -> Int {
        let n = min(count, maxFrames)
        out.update(from: storage + start * 2, count: n * 2)
        start += n
        count -= n
        if count == 0 { start = 0 }
        return n
    }

    /// Drops frames not yet taken (before a seek).
    func clear() {
        start = 0
        count = 0
        crcFailed = false
    }

    func write(_ header: FLAC__FrameHeader, _ buffer: UnsafePointer<UnsafePointer<FLAC__int32>?>) -> FLAC__StreamDecoderWriteStatus {
        defer { crcFailed = false }
        let frames = Int(header.blocksize)
        guard Int(header.channels) == channels, Int(header.bits_per_sample) == bitsPerSample,
              Int(header.sample_rate) == sampleRate
        else {
            // A frame that contradicts STREAMINFO would play at the wrong scale or speed.
            note("a frame of \(header.channels) channels, \(header.bits_per_sample) bits, \(header.sample_rate) Hz "
                + "in a \(channels)-channel \(bitsPerSample)-bit \(sampleRate) Hz stream was skipped")
            return FLAC__STREAM_DECODER_WRITE_STATUS_CONTINUE
        }
        guard let left = buffer[0], let right = channels == 2 ? buffer[1] : buffer[0] else {
            return FLAC__STREAM_DECODER_WRITE_STATUS_ABORT
        }
        if start + count + frames > capacity { makeRoom(for: frames) }
        Interleave.fromPlanar(left: left, right: right, frames: frames, bits: bitsPerSample,
                              into: storage + (start + count) * 2)
        count += frames
        if !crcFailed { goodFrames += frames }
        return FLAC__STREAM_DECODER_WRITE_STATUS_CONTINUE
    }

    /// Only a damaged file (a frame larger than STREAMINFO's largest) gets here.
    private func makeRoom(for frames: Int) {
        if count + frames > capacity {
            let grown = UnsafeMutablePointer<Int32>.allocate(capacity: (count + frames) * 2)
            grown.update(from: storage + start * 2, count: count * 2)
            storage.deallocate()
            storage = grown
            capacity = count + frames
        } else {
            storage.update(from: storage + start * 2, count: count * 2)
        }
        start = 0
    }

    func error(_ status: FLAC__StreamDecoderErrorStatus) {
        switch status {
        case FLAC__STREAM_DECODER_ERROR_STATUS_LOST_SYNC: note("lost sync: damaged data skipped")
        case FLAC__STREAM_DECODER_ERROR_STATUS_BAD_HEADER: note("a damaged frame header: the frame was skipped")
        case FLAC__STREAM_DECODER_ERROR_STATUS_FRAME_CRC_MISMATCH:
            // libFLAC hands the frame on zeroed: silence in place of what could be noise.
            crcFailed = true
            note("a frame failed its CRC check: played as silence")
        case FLAC__STREAM_DECODER_ERROR_STATUS_UNPARSEABLE_STREAM: note("a frame libFLAC cannot parse: skipped")
        default: note("libFLAC decoding error \(status.rawValue)")
        }
    }

    private func note(_ problem: String) {
        if problems.count < Self.maxProblems {
            problems.append(problem)
        } else if problems.count == Self.maxProblems {
            problems.append("more problems not listed")
        }
    }
}
