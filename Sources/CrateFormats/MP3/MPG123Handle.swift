import CMPG123

/// A libmpg123 handle set up as Crate decodes: quiet (failures come back as return codes,
/// logged with the path), every rate the library supports, always stereo, always S16,
/// reading through a `ByteCursor` (a file or a stream, the same code).
enum MPG123Handle {
    static func make(path: String) throws(DecodeError) -> OpaquePointer {
        var err: Int32 = 0
        guard let mh = mpg123_new(nil, &err) else {
            throw DecodeError(path: path, reason: "decoder init failed: \(String(cString: mpg123_plain_strerror(err)))")
        }
        mpg123_param2(mh, Int32(MPG123_ADD_FLAGS.rawValue), Int(MPG123_QUIET.rawValue), 0)
        mpg123_format_none(mh)
        var rates: UnsafePointer<Int>? = nil
        var rateCount = 0
        mpg123_rates(&rates, &rateCount)
        for i in 0..<rateCount {
            mpg123_format(mh, rates![i], Int32(MPG123_STEREO.rawValue), Int32(MPG123_ENC_SIGNED_16.rawValue))
        }
        return mh
    }

    /// Opens `mh` on `cursor` (kept alive by the caller). A stream is not peeked at its
    /// end (that would wait for the whole download); its size, when known, still lets
    /// libmpg123 trim the encoder padding exactly.
    static func open(_ mh: OpaquePointer, cursor: ByteCursor, isStream: Bool) -> Int32 {
        mpg123_replace_reader_handle(mh, { handle, buffer, count in
            let cursor = Unmanaged<ByteCursor>.fromOpaque(handle!).takeUnretainedValue()
            return cursor.failure == nil ? cursor.read(into: buffer!, count: count) : -1
        }, { handle, offset, whence in
            let cursor = Unmanaged<ByteCursor>.fromOpaque(handle!).takeUnretainedValue()
            return cursor.seek(Int(offset), whence: whence) ? off_t(cursor.position) : -1
        }, nil)
        if isStream {
            mpg123_param2(mh, Int32(MPG123_ADD_FLAGS.rawValue), Int(MPG123_NO_PEEK_END.rawValue), 0)
            if let size = cursor.source.size { mpg123_set_filesize(mh, off_t(size)) }
        }
        return mpg123_open_handle(mh, Unmanaged.passUnretained(cursor).toOpaque())
    }

    /// Channels of the source and whether a LAME/Info tag gave the exact length.
    static func describe(_ mh: OpaquePointer) -> (sourceChannels: Int, exact: Bool) {
        var info = mpg123_frameinfo2()
        mpg123_info2(mh, &info)
        var state: Int = 0
        var ignored: Double = 0
        mpg123_getstate2(mh, Int32(MPG123_ENC_DELAY.rawValue), &state, &ignored)
        return (info.mode == Int32(MPG123_M_MONO.rawValue) ? 1 : 2, state >= 0)
    }

    enum ReadResult { case frames(Int), done }

    /// One read of decoded stereo S16 frames; a rate change mid-track is refused (the
    /// device runs at one rate per track).
    static func read(_ mh: OpaquePointer, into buffer: UnsafeMutablePointer<Int16>, maxFrames: Int,
                     sampleRate: Int, path: String) throws(DecodeError) -> ReadResult {
        let bytesPerFrame = 2 * MemoryLayout<Int16>.size
        while true {
            var done = 0
            let rc = mpg123_read(mh, UnsafeMutableRawPointer(buffer), maxFrames * bytesPerFrame, &done)
            if done > 0 { return .frames(done / bytesPerFrame) }
            switch rc {
            case MPG123_OK.rawValue:
                continue
            case MPG123_NEW_FORMAT.rawValue:
                var rate = 0
                var channels: Int32 = 0
                var encoding: Int32 = 0
                mpg123_getformat(mh, &rate, &channels, &encoding)
                if rate != sampleRate {
                    throw DecodeError(path: path, reason: "sample rate changes mid-file (\(sampleRate) → \(rate) Hz)")
                }
            case MPG123_DONE.rawValue:
                return .done
            default:
                throw DecodeError(path: path, reason: "decoding failed: \(String(cString: mpg123_strerror(mh)))")
            }
        }
    }
}
