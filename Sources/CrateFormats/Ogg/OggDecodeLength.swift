/// The length an Ogg decoder announces before decoding, and the forward seek that an
/// unseekable (still arriving) stream allows. Shared by the Vorbis and Opus decoders.
enum OggDecodeLength {
    /// `libraryTotal` is the library's exact count for a seekable input (the last page's
    /// granule); it is exact only when the file ends with an end-of-stream page. A stream
    /// still arriving gets an estimate from the pages already there.
    static func total(cursor: ByteCursor, seekable: Bool, libraryTotal: Int64,
                      preSkip: Int) throws(DecodeError) -> (frames: Int, exact: Bool) {
        guard let size = cursor.source.size else { return (0, false) }
        if seekable {
            let tail = try cursor.bytes(at: max(0, size - OggLength.tailSize), count: OggLength.tailSize)
            return (max(0, Int(libraryTotal)), OggLength.endsCleanly(tail))
        }
        let ready = min(cursor.source.readyBytes(from: 0), 256 * 1024, size)
        let head = try cursor.bytes(at: 0, count: ready)
        return (OggLength.estimate(head, size: size, preSkip: preSkip) ?? 0, false)
    }

    /// Seeks an unseekable input forward by decoding and dropping frames: sample-exact, and
    /// enough for the engine, which seeks only freshly opened decoders.
    static func skip(_ frames: Int,
                     decode: (UnsafeMutablePointer<Int32>, Int) throws(DecodeError) -> Int) throws(DecodeError) {
        let chunk = 4096
        let discard = UnsafeMutablePointer<Int32>.allocate(capacity: chunk * 2)
        defer { discard.deallocate() }
        var left = frames
        while left > 0 {
            let n = try decode(discard, min(chunk, left))
            if n == 0 { break }
            left -= n
        }
    }

    static func cannotSeekBack(_ path: String) -> DecodeError {
        DecodeError(path: path, reason: "cannot seek back in a stream that is still arriving")
    }
}
