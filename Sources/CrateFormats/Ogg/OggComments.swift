/// Tags from an Ogg comment packet (Vorbis's "\u{3}vorbis", Opus's "OpusTags"): the
/// shared Vorbis comments, the embedded picture (base64 in a comment) and Opus's R128
/// gains.
enum OggComments {
    /// The comments of a comment packet of `codec`, damage noted in `problems`.
    static func parse(_ packet: [UInt8], codec: OggCodec, problems: inout [String]) -> VorbisComments {
        VorbisComments.parse(packet, start: codec.commentSignature.count, problems: &problems)
    }

    /// The tags a player shows: Vorbis comments, the picture's place, R128 gains.
    static func tags(_ comments: VorbisComments, codec: OggCodec, problems: [String]) -> TrackTags {
        var tags = comments.tags
        var problems = problems
        if let picture = picture(comments, problems: &problems) {
            tags.artwork = .encoded(length: picture.length, mimeType: picture.mimeType)
        }
        if codec == .opus, tags.replayGain == nil { tags.replayGain = r128Gain(comments) }
        for problem in problems { tags.note(problem) }
        return tags
    }

    /// Opus's R128_TRACK_GAIN / R128_ALBUM_GAIN: Q7.8 dB integers towards −23 LUFS (on
    /// top of the header's output gain, which the decoder applies). ReplayGain's
    /// reference is −18 LUFS, 5 dB louder.
    static func r128Gain(_ comments: VorbisComments) -> ReplayGain? {
        func gain(_ name: String) -> Double? {
            guard let text = comments.first(name), let q8 = Int(text), abs(q8) <= 32767 else { return nil }
            return Double(q8) / 256 + 5
        }
        let result = ReplayGain(trackGain: gain("R128_TRACK_GAIN"), albumGain: gain("R128_ALBUM_GAIN"))
        return result == ReplayGain() ? nil : result
    }

    /// The embedded picture chosen for display: the first front cover, else the first
    /// picture; a legacy COVERART comment (a bare base64 image) last.
    struct Picture {
        var base64: String
        /// Where the image starts in the decoded bytes and how long it is.
        var dataOffset: Int
        var length: Int
        var mimeType: String
    }

    static func picture(_ comments: VorbisComments, problems: inout [String]) -> Picture? {
        var first: Picture?
        for (index, text) in comments.pictures.enumerated() {
            guard let block = pictureBlock(text) else {
                problems.append("METADATA_BLOCK_PICTURE \(index + 1) is damaged; not used")
                continue
            }
            let picture = Picture(base64: text, dataOffset: block.dataOffset, length: block.dataLength,
                                  mimeType: block.mimeType)
            if block.type == 3 { return picture }
            first = first ?? picture
        }
        if let first { return first }
        if let text = comments.fields["COVERART"]?.first {
            let length = Base64.decodedLength(text)
            if length > 0 {
                return Picture(base64: text, dataOffset: 0, length: length,
                               mimeType: comments.first("COVERARTMIME")?.lowercased() ?? "image/jpeg")
            }
        }
        return nil
    }

    /// The image bytes of `picture`, decoded; nil when the base64 is damaged.
    static func image(of picture: Picture) -> [UInt8]? {
        guard let bytes = Base64.decode(picture.base64),
              picture.dataOffset + picture.length <= bytes.count
        else { return nil }
        return Array(bytes[picture.dataOffset..<picture.dataOffset + picture.length])
    }

    /// The PICTURE block header of a base64 METADATA_BLOCK_PICTURE, decoding only its
    /// start unless the description is long.
    private static func pictureBlock(_ text: String) -> PictureBlock? {
        let total = Base64.decodedLength(text)
        for limit in [4096, Int.max] {
            guard let head = Base64.decode(text, limit: limit) else { return nil }
            do {
                return try PictureBlock.parse(head, blockLength: total)
            } catch {
                if head.count >= total { return nil }
            }
        }
        return nil
    }
}
