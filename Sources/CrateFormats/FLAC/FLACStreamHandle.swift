import CFLAC

/// A libFLAC stream decoder reading through a `FLACFrameSink`'s cursor (a file or a
/// stream, the same code) and writing frames into the sink. The sink is passed
/// unretained: its owner keeps it alive as long as the handle.
enum FLACStreamHandle {
    static func make(sink: FLACFrameSink, path: String) throws(DecodeError) -> UnsafeMutablePointer<FLAC__StreamDecoder> {
        guard let decoder = FLAC__stream_decoder_new() else {
            throw DecodeError(path: path, reason: "decoder init failed: out of memory")
        }
        // STREAMINFO was read already; tags and pictures are the metadata reader's.
        FLAC__stream_decoder_set_metadata_ignore_all(decoder)
        let status = FLAC__stream_decoder_init_stream(
            decoder, readCallback, seekCallback, tellCallback, lengthCallback, eofCallback, writeCallback,
            nil, errorCallback, Unmanaged.passUnretained(sink).toOpaque())
        guard status == FLAC__STREAM_DECODER_INIT_STATUS_OK else {
            FLAC__stream_decoder_delete(decoder)
            throw DecodeError(path: path, reason: "decoder init failed (libFLAC init status \(status.rawValue))")
        }
        return decoder
    }

    static func destroy(_ decoder: UnsafeMutablePointer<FLAC__StreamDecoder>) {
        FLAC__stream_decoder_finish(decoder)
        FLAC__stream_decoder_delete(decoder)
    }

    /// libFLAC's state in words: what a failed step or seek reports.
    static func describe(_ state: FLAC__StreamDecoderState) -> String {
        switch state {
        case FLAC__STREAM_DECODER_ABORTED: "decoding aborted"
        case FLAC__STREAM_DECODER_SEEK_ERROR: "seek error"
        case FLAC__STREAM_DECODER_MEMORY_ALLOCATION_ERROR: "out of memory"
        case FLAC__STREAM_DECODER_END_OF_STREAM: "end of stream"
        default: "libFLAC state \(state.rawValue)"
        }
    }

    private static func sink(_ client: UnsafeMutableRawPointer?) -> FLACFrameSink {
        Unmanaged<FLACFrameSink>.fromOpaque(client!).takeUnretainedValue()
    }

    private static let readCallback: FLAC__StreamDecoderReadCallback = { _, buffer, bytes, client in
        let cursor = sink(client).cursor
        guard let buffer, let bytes, bytes.pointee > 0 else { return FLAC__STREAM_DECODER_READ_STATUS_ABORT }
        let n = cursor.read(into: buffer, count: bytes.pointee)
        bytes.pointee = n
        // The cursor keeps the failure for the decoder to report in its own words.
        if cursor.failure != nil { return FLAC__STREAM_DECODER_READ_STATUS_ABORT }
        return n == 0 ? FLAC__STREAM_DECODER_READ_STATUS_END_OF_STREAM : FLAC__STREAM_DECODER_READ_STATUS_CONTINUE
    }

    private static let seekCallback: FLAC__StreamDecoderSeekCallback = { _, offset, client in
        sink(client).cursor.seek(Int(offset), whence: 0)
            ? FLAC__STREAM_DECODER_SEEK_STATUS_OK : FLAC__STREAM_DECODER_SEEK_STATUS_ERROR
    }

    private static let tellCallback: FLAC__StreamDecoderTellCallback = { _, offset, client in
        offset!.pointee = FLAC__uint64(sink(client).cursor.position)
        return FLAC__STREAM_DECODER_TELL_STATUS_OK
    }

    private static let lengthCallback: FLAC__StreamDecoderLengthCallback = { _, length, client in
        guard let size = sink(client).cursor.source.size else { return FLAC__STREAM_DECODER_LENGTH_STATUS_UNSUPPORTED }
        length!.pointee = FLAC__uint64(size)
        return FLAC__STREAM_DECODER_LENGTH_STATUS_OK
    }

    private static let eofCallback: FLAC__StreamDecoderEofCallback = { _, client in
        let cursor = sink(client).cursor
        guard let size = cursor.source.size else { return 0 }
        return cursor.position >= size ? 1 : 0
    }

    private static let writeCallback: FLAC__StreamDecoderWriteCallback = { _, frame, buffer, client in
        guard let frame, let buffer else { return FLAC__STREAM_DECODER_WRITE_STATUS_ABORT }
        return sink(client).write(frame.pointee.header, buffer)
    }

    private static let errorCallback: FLAC__StreamDecoderErrorCallback = { _, status, client in
        sink(client).error(status)
    }
}
