/// A VORBIS_COMMENT block whose declared length is shorter than its comments: old
/// taggers appended comments without growing the length in the block's header. Other
/// players read such a file's tags anyway; so does Crate, but only when the comments,
/// read on past the declared end, all fit within `maxOverrun` bytes and end exactly
/// where the next metadata block header (or, for the last block, the first audio frame)
/// begins. Anything else is damage and keeps the strict reading.
enum FLACCommentOverrun {
    /// How far past its declared end a comment block is read for its missing comments.
    static let maxOverrun = 64 * 1024

    /// The bytes to read from the block's body to look for its real end: the declared
    /// length, the bound past it, and the 4 bytes that must follow it, within the file.
    static func lookLength(declared: Int, body: Int, fileSize: Int) -> Int {
        max(0, min(declared + maxOverrun + 4, fileSize - body))
    }

    /// The real length of a comment block declared `declared` bytes long, given `look`
    /// (its body and what follows it, from `lookLength`), or nil when the declared length
    /// holds every comment or the comments past it are not a tagger's overrun.
    static func realLength(look: [UInt8], declared: Int, isLast: Bool) -> Int? {
        guard declared < look.count else { return nil }
        var problems: [String] = []
        var end = 0
        _ = VorbisComments.parse(Array(look.prefix(declared)), problems: &problems, end: &end)
        guard !problems.isEmpty else { return nil }
        problems = []
        _ = VorbisComments.parse(look, problems: &problems, end: &end)
        guard problems.isEmpty, end > declared, end - declared <= maxOverrun, end + 4 <= look.count else { return nil }
        let next = Array(look[end..<end + 4])
        return followsBlock(next, isLast: isLast) ? end : nil
    }

    /// Whether `next` (4 bytes) starts what a block may be followed by: a header of a
    /// metadata block other than STREAMINFO, or after the last block a FLAC frame sync.
    private static func followsBlock(_ next: [UInt8], isLast: Bool) -> Bool {
        if isLast { return next[0] == 0xFF && next[1] & 0xFE == 0xF8 }
        let type = next[0] & 0x7F
        return type > FLACBlockType.streamInfo && type <= FLACBlockType.picture
    }

    /// The warning a file read this way carries in its tags' problems (the scan report).
    static func warning(declared: Int, real: Int) -> String {
        "the VORBIS_COMMENT block declares \(declared) bytes but its comments run to \(real) "
            + "(written by an old tagger): read past its declared end"
    }

    /// How many metadata blocks the decoder walks looking for the comment block.
    static let maxBlocksWalked = 256

    /// For the decoder: libFLAC skips blocks by their declared length, so a short comment
    /// block would make it read the overrun comments as block headers. This walks the
    /// metadata from `first` (the block after STREAMINFO) and gives the comment block's
    /// header with its real length, for the cursor to show libFLAC instead; nil when no
    /// block needs it.
    static func headerPatch(_ cursor: ByteCursor, first: Int) throws(DecodeError) -> (offset: Int, bytes: [UInt8])? {
        var position = first
        for _ in 0..<maxBlocksWalked {
            let bytes = try cursor.bytes(at: position, count: 4)
            guard bytes.count == 4 else { return nil }
            let block = FLACBlockHeader(bytes)
            let body = position + 4
            if block.type == FLACBlockType.vorbisComment, block.length <= FLACMetadataReader.maxCommentBlock {
                var problems: [String] = []
                _ = VorbisComments.parse(try cursor.bytes(at: body, count: block.length), problems: &problems)
                guard !problems.isEmpty else { return nil }
                let look = try cursor.bytes(at: body, count: lookLength(
                    declared: block.length, body: body, fileSize: cursor.source.size ?? Int.max))
                guard let real = realLength(look: look, declared: block.length, isLast: block.isLast) else { return nil }
                return (position, header(bytes, length: real))
            }
            if block.isLast { return nil }
            position = body + block.length
        }
        return nil
    }

    /// A block header (4 bytes) with its length replaced by `length` (less than 16 MiB,
    /// as `maxOverrun` keeps it).
    static func header(_ header: [UInt8], length: Int) -> [UInt8] {
        [header[0], UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
    }
}

/// The 4-byte header of one FLAC metadata block.
struct FLACBlockHeader {
    var isLast: Bool
    var type: UInt8
    var length: Int

    init(_ bytes: [UInt8]) {
        isLast = bytes[0] & 0x80 != 0
        type = bytes[0] & 0x7F
        length = Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
    }
}
