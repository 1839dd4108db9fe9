import CMPG123

/// A libmpg123 handle set up as Crate decodes: quiet (failures come back as return codes,
/// logged with the path), every rate the library supports, always stereo, always S16.
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

    /// Channels of the source and whether a LAME/Info tag gave the exact length.
    static func describe(_ mh: OpaquePointer) -> (sourceChannels: Int, exact: Bool) {
        var info = mpg123_frameinfo2()
        mpg123_info2(mh, &info)
        var state: Int = 0
        var ignored: Double = 0
        mpg123_getstate2(mh, Int32(MPG123_ENC_DELAY.rawValue), &state, &ignored)
        return (info.mode == Int32(MPG123_M_MONO.rawValue) ? 1 : 2, state >= 0)
    }
}
