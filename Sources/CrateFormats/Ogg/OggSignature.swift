/// What the first bytes of a supposed Ogg file say, for errors that name what a file
/// is instead of only what it is not.
enum OggSignature {
    /// Nil when `head` starts with an Ogg page; else why the file is not Ogg
    /// ("not an Ogg file (it is an MP3 file)").
    static func notOggReason(_ head: [UInt8]) -> String? {
        if head.isEmpty { return "empty file" }
        if head.starts(with: OggPage.capture) { return nil }
        if head.starts(with: Array("ID3".utf8)) || MPEGFrameHeader(head, at: 0) != nil {
            return "not an Ogg file (it is an MP3 file)"
        }
        // Not FileKind's MPEG fallbacks: for an Ogg file the point is the missing page.
        return "not an Ogg file (\(FileKind.name(head, at: 0) ?? "no Ogg page at the start"))"
    }

    /// The codec the first page of `head` announces, when its first packet is there.
    static func firstCodec(_ head: [UInt8]) -> String? {
        guard let page = OggPage(head, at: 0), page.headerLength < head.count else { return nil }
        return OggCodec.describe(firstPacket: Array(head[page.headerLength...]))
    }

    /// "an Ogg file holding FLAC, not Opus" when `head`'s first stream is another codec.
    static func otherCodecReason(_ head: [UInt8], expected: OggCodec) -> String? {
        guard let found = firstCodec(head), found != expected.name else { return nil }
        return "an Ogg file holding \(found), not \(expected.name)"
    }

    /// Why the first page (`bytes` from offset 0, up to a whole page) is not the start of
    /// a stream; nil when it is, or when it is only cut short (a truncation, said elsewhere).
    static func firstPageProblem(_ bytes: [UInt8]) -> String? {
        guard bytes.starts(with: OggPage.capture) else { return nil }
        if bytes.count > 4, bytes[4] != 0 { return "Ogg version \(bytes[4])" }
        guard let page = OggPage(bytes, at: 0) else { return nil }
        if page.headerType != 0x02 || page.granule != 0 { return "not the start of a stream" }
        if page.length <= bytes.count, !OggPage.isIntact(bytes, at: 0, page: page) { return "checksum mismatch" }
        return nil
    }

    /// The reason a decoder gives when its library could not open `cursor`'s data.
    static func openFailure(_ cursor: ByteCursor, head: [UInt8], expected: OggCodec,
                            library: String) throws(DecodeError) -> String {
        if let failure = cursor.failure { return failure.reason }
        if let problem = firstPageProblem(try cursor.bytes(at: 0, count: OggPage.maxLength)) {
            return "not an Ogg file (damaged first page: \(problem))"
        }
        return otherCodecReason(head, expected: expected) ?? library
    }
}
