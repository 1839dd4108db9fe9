import CFLAC

/// Decodes one FLAC with libFLAC, frame by frame, through a byte source (a file or a
/// stream still arriving). Bit-perfect: the source's samples, left-justified. Damaged
/// frames are skipped or silenced by libFLAC's CRC checks (never played as noise) and
/// listed in `problems`. Not thread-safe: one owner thread.
final class FLACDecoder: TrackDecoder {
    let path: String
    let format: PCMFormat
    let codec = "FLAC"
    let totalFrames: Int
    let lengthIsExact: Bool
    private(set) var waiting = false
    private let cursor: ByteCursor
    private let sink: FLACFrameSink
    private let handle: UnsafeMutablePointer<FLAC__StreamDecoder>
    /// libFLAC has nothing more to give.
    private var ended = false
    /// A seek placed the decoder: an empty remainder is then not "no audio at all".
    private var sought = false
    /// Bytes a stream must have ready past the read position before a decode step:
    /// a few frames even at 192 kHz/24-bit.
    static let streamLead = 256 * 1024

    /// Decoding trouble libFLAC got past (lost sync, bad CRC): the file is damaged.
    var problems: [String] { sink.problems }

    init(source: any ByteSource, path: String) throws(DecodeError) {
        self.path = path
        cursor = ByteCursor(source)
        // STREAMINFO is checked here, as the metadata reader checks it, before libFLAC
        // sees the file: the same refusals, and a non-FLAC file never reaches libFLAC.
        let head = try cursor.bytes(at: 0, count: FLACMetadataReader.headSize)
        let marker = FLACStreamInfo.markerOffset(head)
        let start = marker == 0 ? head : try cursor.bytes(at: marker, count: FLACStreamInfo.headerSize)
        let info: FLACStreamInfo
        do {
            info = try FLACStreamInfo.parse(Array(start.prefix(FLACStreamInfo.headerSize)), afterID3: marker > 0).info
        } catch {
            throw DecodeError(path: path, reason: error.reason)
        }
        try PCMFormat.check(channels: info.channels, path: path)
        format = PCMFormat(sampleRate: info.sampleRate, channels: info.channels, bitsPerSample: info.bitsPerSample)
        cursor.patch = try FLACCommentOverrun.headerPatch(cursor, first: marker + FLACStreamInfo.headerSize)
        sink = FLACFrameSink(cursor: cursor, streamInfo: info)
        handle = try FLACStreamHandle.make(sink: sink, path: path)

        let ok = FLAC__stream_decoder_process_until_end_of_metadata(handle) != 0
        let state = FLAC__stream_decoder_get_state(handle)
        var audioStart: FLAC__uint64 = 0
        if let failure = cursor.failure {
            FLACStreamHandle.destroy(handle)
            throw failure
        }
        guard ok, state != FLAC__STREAM_DECODER_END_OF_STREAM else {
            FLACStreamHandle.destroy(handle)
            // Past the metadata libFLAC only looks for a frame: an end met so far is the
            // file ending inside its metadata.
            throw DecodeError(path: path, reason: state == FLAC__STREAM_DECODER_END_OF_STREAM
                ? "truncated: the file ends inside its metadata"
                : "cannot read the metadata (\(FLACStreamHandle.describe(state)))")
        }
        if FLAC__stream_decoder_get_decode_position(handle, &audioStart) == 0 {
            audioStart = FLAC__uint64(cursor.position)  // libFLAC's read-ahead makes this a little late: fine for a guess
        }
        lengthIsExact = info.totalSamples > 0
        totalFrames = lengthIsExact ? info.totalSamples
            : info.estimatedFrames(audioBytes: (source.size ?? 0) - Int(audioStart))
    }

    deinit { FLACStreamHandle.destroy(handle) }

    func read(into buffer: UnsafeMutablePointer<Int32>, maxFrames: Int) throws(DecodeError) -> Int {
        waiting = false
        var done = 0
        while done < maxFrames {
            if sink.count > 0 {
                done += sink.take(into: buffer + done * 2, maxFrames: maxFrames - done)
                continue
            }
            if ended { break }
            if cursor.shouldWait(lead: Self.streamLead) {
                waiting = done == 0
                break
            }
            try step()
        }
        if done == 0, ended, !sought, sink.goodFrames == 0 {
            // Something must come out of a file that passed the header checks; silence
            // from CRC failures alone is not a track.
            throw DecodeError(path: path, reason: problems.first.map { "no audio could be decoded: \($0)" }
                ?? "truncated: no complete audio frame after the metadata")
        }
        return done
    }

    /// Decodes one frame (or skips damage to the next one) into the sink.
    private func step() throws(DecodeError) {
        let ok = FLAC__stream_decoder_process_single(handle) != 0
        if let failure = cursor.failure { throw failure }
        let state = FLAC__stream_decoder_get_state(handle)
        if state == FLAC__STREAM_DECODER_END_OF_STREAM {
            ended = true
        } else if !ok || state.rawValue > FLAC__STREAM_DECODER_END_OF_STREAM.rawValue {
            throw DecodeError(path: path, reason: "decoding failed: \(FLACStreamHandle.describe(state))")
        }
    }

    func seek(toFrame frame: Int) throws(DecodeError) {
        sink.clear()
        ended = false
        sought = true
        let target = max(0, frame)
        if lengthIsExact, target >= totalFrames {
            ended = true
            return
        }
        // libFLAC decodes the frame holding `target` and writes it from `target` on.
        guard FLAC__stream_decoder_seek_absolute(handle, FLAC__uint64(target)) != 0 else {
            let state = FLAC__stream_decoder_get_state(handle)
            // After a failed seek libFLAC wants a flush before it decodes again.
            FLAC__stream_decoder_flush(handle)
            sink.clear()
            if let failure = cursor.failure { throw failure }
            throw DecodeError(path: path, reason: "seek to frame \(target) failed (\(FLACStreamHandle.describe(state)))")
        }
        if let failure = cursor.failure { throw failure }
    }
}
