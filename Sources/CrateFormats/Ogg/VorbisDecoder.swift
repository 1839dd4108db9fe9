import CVorbisFile

/// Decodes Ogg Vorbis with libvorbisfile. `ov_read` as signed 16-bit little-endian is
/// exactly what `oggdec --raw` writes (oggdec calls it the same way), so the output
/// matches the reference decoder bit for bit. Gapless: libvorbis trims the first and
/// last packets by their granule positions. Not thread-safe: one owner thread.
final class VorbisDecoder: TrackDecoder {
    let path: String
    let format: PCMFormat
    let codec = "Vorbis"
    let totalFrames: Int
    let lengthIsExact: Bool
    private(set) var waiting = false
    private let cursor: ByteCursor
    private let file: UnsafeMutablePointer<OggVorbis_File>
    private let seekable: Bool
    /// Interleaved S16 from libvorbisfile before widening; grown rarely, never shrunk.
    private let scratch = SampleScratch()
    /// The next frame `read` gives.
    private var position = 0
    /// A seek went to the end: nothing more to read until the next seek.
    private var atEnd = false
    /// The chain link being decoded and its channels; a new link is checked once.
    private var link: Int32 = -1
    private var linkChannels: Int
    /// Frames decoded into `scratch` beyond what the last read asked for, given next.
    private var carry = 0..<0
    /// An error met after some frames were already decoded in the same read: thrown next.
    private var pending: DecodeError?
    /// Bytes a stream must have ready past the read position before a decode step.
    static let streamLead = 128 * 1024

    init(source: any ByteSource, path: String) throws(DecodeError) {
        let cursor = ByteCursor(source)
        let head = try cursor.bytes(at: 0, count: FormatRegistry.probeSize)
        if let reason = OggSignature.notOggReason(head) { throw DecodeError(path: path, reason: reason) }
        let seekable = OggCallbacks.isSeekable(source)
        let file = UnsafeMutablePointer<OggVorbis_File>.allocate(capacity: 1)
        let rc = ov_open_callbacks(Unmanaged.passUnretained(cursor).toOpaque(), file, nil, 0,
                                   OggCallbacks.vorbis(seekable: seekable))
        guard rc == 0 else {
            // A failed open has already cleared the handle.
            file.deallocate()
            throw DecodeError(path: path, reason: try OggSignature.openFailure(cursor, head: head, expected: .vorbis,
                                                                              library: Self.describe(rc)))
        }
        do throws(DecodeError) {
            // libvorbisfile 1.3.7 can leave a seekable file positioned past its first audio:
            // behind an Ogg Skeleton stream nothing decodes (oggdec writes nothing either),
            // and a chained file whose first link is a page or two starts at the second
            // link. An explicit seek to 0 puts it right and changes nothing for other files.
            if seekable, ov_pcm_seek(file, 0) != 0 {
                throw DecodeError(path: path, reason: "damaged: cannot find the start of the first Vorbis stream")
            }
            guard let info = ov_info(file, -1)?.pointee, info.rate > 0 else {
                throw DecodeError(path: path, reason: "damaged Vorbis identification header")
            }
            try PCMFormat.check(channels: Int(info.channels), path: path)
            let libraryTotal = seekable ? ov_pcm_total(file, -1) : 0
            let length = try OggDecodeLength.total(cursor: cursor, seekable: seekable, libraryTotal: libraryTotal,
                                                   preSkip: 0)
            format = PCMFormat(sampleRate: info.rate, channels: Int(info.channels), bitsPerSample: 16)
            linkChannels = Int(info.channels)
            totalFrames = length.frames
            lengthIsExact = length.exact
        } catch {
            ov_clear(file)
            file.deallocate()
            throw error
        }
        self.path = path
        self.cursor = cursor
        self.file = file
        self.seekable = seekable
    }

    deinit {
        ov_clear(file)
        file.deallocate()
    }

    func read(into buffer: UnsafeMutablePointer<Int32>, maxFrames: Int) throws(DecodeError) -> Int {
        if let pending {
            self.pending = nil
            throw pending
        }
        if atEnd { return 0 }
        waiting = cursor.shouldWait(lead: Self.streamLead)
        if waiting { return 0 }
        return try decode(into: buffer, maxFrames: maxFrames, streaming: true)
    }

    func seek(toFrame frame: Int) throws(DecodeError) {
        let target = max(0, frame)
        pending = nil
        if seekable {
            // Nothing to decode at the very end (libopusfile even refuses that seek).
            atEnd = target >= totalFrames
            if atEnd { return }
            carry = 0..<0
            let rc = ov_pcm_seek(file, ogg_int64_t(target))
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
        if !carry.isEmpty {
            let frames = min(carry.count, maxFrames)
            Interleave.from16(scratch.base + carry.lowerBound * linkChannels, frames: frames, channels: linkChannels, into: buffer)
            carry = carry.lowerBound + frames..<carry.upperBound
            position += frames
            return frames
        }
        scratch.reserve(frames: maxFrames)
        var filled = 0
        var holes = 0
        while filled < maxFrames {
            if streaming, filled > 0, cursor.shouldWait(lead: Self.streamLead) { break }
            var current: Int32 = 0
            let room = maxFrames - filled
            // ov_read limits by bytes: room for `room` frames of the current link's channels.
            let bytes = ov_read(file, UnsafeMutableRawPointer(scratch.base).assumingMemoryBound(to: CChar.self),
                                Int32(room * 2 * linkChannels), 0, 2, 1, &current)
            if let failure = cursor.failure { throw failure }
            if bytes == 0 { break }
            if bytes == Int(OV_HOLE) {
                // A gap in the data (a damaged or missing page): libvorbisfile resyncs at the next page.
                holes += 1
                if holes > 64 { throw DecodeError(path: path, reason: "damaged: no decodable Vorbis data") }
                continue
            }
            guard bytes > 0 else { throw DecodeError(path: path, reason: "decoding failed: \(Self.describe(bytes))") }
            if current != link {
                do {
                    try enterLink(current)
                } catch {
                    guard filled > 0 else { throw error }
                    pending = error
                    break
                }
            }
            let frames = Int(bytes) / (2 * linkChannels)
            let taken = min(frames, room)
            Interleave.from16(scratch.base, frames: taken, channels: linkChannels, into: buffer + filled * 2)
            filled += taken
            if frames > taken {
                // A new link with fewer channels gave more frames than asked for: kept for the next read.
                carry = taken..<frames
                break
            }
        }
        position += filled
        return filled
    }

    /// A chained file's next link must keep the rate (the device runs at one rate per
    /// track) and have one or two channels.
    private func enterLink(_ index: Int32) throws(DecodeError) {
        guard let info = ov_info(file, -1)?.pointee else {
            throw DecodeError(path: path, reason: "damaged: a chained Vorbis stream without a header")
        }
        if info.rate != format.sampleRate {
            throw DecodeError(path: path, reason: "sample rate changes mid-file (\(format.sampleRate) → \(info.rate) Hz)")
        }
        try PCMFormat.check(channels: Int(info.channels), path: path)
        linkChannels = Int(info.channels)
        link = index
    }

    static func describe(_ code: some BinaryInteger) -> String {
        switch Int32(truncatingIfNeeded: code) {
        case OV_EREAD: "read error"
        case OV_ENOTVORBIS: "not a Vorbis stream"
        case OV_EVERSION: "unsupported Vorbis version"
        case OV_EBADHEADER: "damaged Vorbis headers"
        case OV_EBADLINK: "damaged: a broken link in the Ogg stream"
        case OV_ENOSEEK: "the stream cannot seek"
        case OV_EINVAL: "invalid request (damaged or truncated stream)"
        case OV_EFAULT: "internal decoder error"
        default: "libvorbisfile error \(code)"
        }
    }
}
