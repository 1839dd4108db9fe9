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
        let kind = FileKind.describe(head, at: 0)
        // FileKind's fallbacks speak of MPEG frames; for an Ogg file the point is the missing page.
        return "not an Ogg file (\(kind.hasPrefix("it ") ? kind : "no Ogg page at the start"))"
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
}
