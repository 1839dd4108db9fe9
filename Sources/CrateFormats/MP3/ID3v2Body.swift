/// The bytes of an ID3v2 tag after its 10-byte header, addressed from 0. Read from the
/// file a window at a time as the frames are walked, so that a large picture is
/// stepped over, not read; or held whole, resynchronised, when the tag was
/// unsynchronised as a whole (then offsets no longer match the file).
final class ID3v2Body {
    let length: Int
    /// File offset of byte 0, when offsets in the body are offsets in the file.
    let fileOffset: Int?
    private let file: FileBytes?
    private var buffer: [UInt8]
    /// Body offset of `buffer[0]` (negative while it is the file's head, header included).
    private var bufferStart: Int

    /// Bytes read at a time when a frame lies outside the current window.
    static let window = 16 * 1024
    /// An unsynchronised tag is read whole: at most this much of it.
    static let maxUnsynchronised = 16 * 1024 * 1024

    /// `head` is the start of the file; `length` the tag's size after the header.
    init(file: FileBytes, head: [UInt8], length: Int, unsynchronised: Bool,
         tags: inout TrackTags) throws(FormatReadError) {
        if unsynchronised {
            let raw = min(length, Self.maxUnsynchronised)
            if raw < length { tags.note("unsynchronised tag larger than 16 MB: only its start was read") }
            let bytes = 10 + raw <= head.count ? head[10..<10 + raw] : try file.read(at: 10, count: raw)[...]
            buffer = ID3v2Header.resynchronise(bytes)
            self.length = buffer.count
            self.file = nil
            fileOffset = nil
            bufferStart = 0
        } else {
            self.length = length
            self.file = file
            fileOffset = 10
            buffer = head
            bufferStart = -10
        }
    }

    /// Up to `count` bytes from `offset`, fewer at the end of the body.
    func bytes(at offset: Int, count: Int) throws(FormatReadError) -> ArraySlice<UInt8> {
        let end = min(length, offset + max(0, count))
        guard offset >= 0, offset < end else { return [] }
        if offset >= bufferStart, end <= bufferStart + buffer.count {
            return buffer[(offset - bufferStart)..<(end - bufferStart)]
        }
        guard let file, let fileOffset else { return [] }
        let want = min(length - offset, max(end - offset, Self.window))
        buffer = try file.read(at: fileOffset + offset, count: want)
        bufferStart = offset
        return buffer[0..<min(buffer.count, end - offset)]
    }
}
