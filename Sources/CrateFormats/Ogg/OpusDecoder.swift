import COpusFile

/// Decodes Opus with libopusfile at 48 kHz, as 16-bit stereo (`op_read_stereo`: mono is
/// copied to both channels). libopusfile drops the pre-skip, trims the end by the last
/// granule and applies the header's output gain. Dithering is turned off, so the output
/// is deterministic and matches `opusdec --no-dither` (both round the same float
/// decoder output; a few LSB of difference would be allowed, none is seen).
/// Not thread-safe: one owner thread.
final class OpusDecoder: TrackDecoder {
    let path: String
    let format: PCMFormat
    let codec = "Opus"
    let totalFrames: Int
    let lengthIsExact: Bool
    private(set) var waiting = false
    private let cursor: ByteCursor
    private let handle: OpaquePointer
    private let seekable: Bool
    /// Interleaved stereo S16 from libopusfile before widening; grown rarely.
    private let scratch = SampleScratch()
    /// The next frame `read` gives.
    private var position = 0
    /// A seek went to the end: nothing more to read until the next seek.
    private var atEnd = false
    /// Bytes a stream must have ready past the read position before a decode step.
    static let streamLead = 128 * 1024

    init(source: any ByteSource, path: String) throws(DecodeError) {
        let cursor = ByteCursor(source)
        let head = try cursor.bytes(at: 0, count: FormatRegistry.probeSize)
        if let reason = OggSignature.notOggReason(head) { throw DecodeError(path: path, reason: reason) }
        let seekable = OggCallbacks.isSeekable(source)
        var callbacks = OggCallbacks.opus(seekable: seekable)
        var error: Int32 = 0
        guard let handle = op_open_callbacks(Unmanaged.passUnretained(cursor).toOpaque(), &callbacks, nil, 0, &error)
        else {
            throw DecodeError(path: path, reason: try OggSignature.openFailure(cursor, head: head, expected: .opus,
                                                                              library: Self.describe(error)))
        }
        do throws(DecodeError) {
            let channels = Int(op_channel_count(handle, 0))
            try PCMFormat.check(channels: channels, path: path)
            op_set_dither_enabled(handle, 0)
            let preSkip = Int(op_head(handle, 0)?.pointee.pre_skip ?? 0)
            let length = try OggDecodeLength.total(cursor: cursor, seekable: seekable,
                                                   libraryTotal: seekable ? op_pcm_total(handle, -1) : 0,
                                                   preSkip: preSkip)
            format = PCMFormat(sampleRate: 48000, channels: channels, bitsPerSample: 16)
            totalFrames = length.frames
            lengthIsExact = length.exact
        } catch {
            op_free(handle)
            throw error
        }
        self.path = path
        self.cursor = cursor
        self.handle = handle
        self.seekable = seekable
    }

    deinit {
        op_free(handle)
    }

    func read(into buffer: UnsafeMutablePointer<Int32>, maxFrames: Int) throws(DecodeError) -> Int {
        if atEnd { return 0 }
        waiting = cursor.shouldWait(lead: Self.streamLead)
        if waiting { return 0 }
        return try decode(into: buffer, maxFrames: maxFrames, streaming: true)
    }

    func seek(toFrame frame: Int) throws(DecodeError) {
        let target = max(0, frame)
        if seekable {
            // Nothing to decode at the very end, and libopusfile refuses that seek.
            atEnd = target >= totalFrames
            if atEnd { return }
            let rc = op_pcm_seek(handle, Int64(target))
            if let failure = cursor.failure { throw failure }
            guard rc == 0 else { throw DecodeError(path: path, reason: "seek failed: \(Self.describe(rc))") }
            position = target
        } else {
            guard target >= position else { throw OggDecodeLength.cannotSeekBack(path) }
            try OggDecodeLength.skip(target - position) { (out, count) throws(DecodeError) in
                try decode(into: out, maxFrames: count, streaming: false)
            }
        }
    }

    /// Decodes up to `maxFrames`, in as many library calls as it takes. `streaming` stops
    /// early (returning what it has) when a stream runs short of ready bytes.
    private func decode(into buffer: UnsafeMutablePointer<Int32>, maxFrames: Int,
                        streaming: Bool) throws(DecodeError) -> Int {
        scratch.reserve(frames: maxFrames)
        var filled = 0
        var holes = 0
        while filled < maxFrames {
            if streaming, filled > 0, cursor.shouldWait(lead: Self.streamLead) { break }
            let frames = op_read_stereo(handle, scratch.base, Int32((maxFrames - filled) * 2))
            if let failure = cursor.failure { throw failure }
            if frames == 0 { break }
            if frames == OP_HOLE {
                // A gap in the data (a damaged or missing page): libopusfile resyncs at the next page.
                holes += 1
                if holes > 64 { throw DecodeError(path: path, reason: "damaged: no decodable Opus data") }
                continue
            }
            guard frames > 0 else { throw DecodeError(path: path, reason: "decoding failed: \(Self.describe(frames))") }
            Interleave.from16(scratch.base, frames: Int(frames), channels: 2, into: buffer + filled * 2)
            filled += Int(frames)
        }
        position += filled
        return filled
    }

    static func describe(_ code: Int32) -> String {
        switch code {
        case OP_EREAD: "read error"
        case OP_ENOTFORMAT: "not an Opus stream"
        case OP_EVERSION: "unsupported Opus version"
        case OP_EBADHEADER: "damaged Opus headers"
        case OP_EBADLINK: "damaged: a broken link in the Ogg stream"
        case OP_EBADPACKET: "damaged Opus packet"
        case OP_EBADTIMESTAMP: "damaged: impossible granule positions"
        case OP_ENOSEEK: "the stream cannot seek"
        case OP_EIMPL: "unsupported Opus feature"
        case OP_EINVAL: "invalid request (damaged or truncated stream)"
        case OP_EFAULT: "internal decoder error"
        default: "libopusfile error \(code)"
        }
    }
}
