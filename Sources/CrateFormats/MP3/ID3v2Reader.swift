/// Walks the frames of an ID3v2.2/2.3/2.4 tag and hands the interesting ones to
/// `ID3v2Frames`. Damage never stops the file from being read: the walk keeps what it
/// has read, notes the damage in `TrackTags.problems`, and never reads past the tag.
struct ID3v2Reader {
    let header: ID3v2Header
    let body: ID3v2Body

    /// A walk stops after this many frames, whatever the tag claims.
    static let maxFrames = 5000

    static func read(file: FileBytes, head: [UInt8], header: ID3v2Header, into tags: inout TrackTags) throws(FormatReadError) {
        tags.id3v2Version = header.major
        guard header.isUnderstood else {
            tags.note("ID3v2.\(header.major) tag: version not understood, tag skipped")
            return
        }
        if !header.sizeIsWellFormed { tags.note("tag size is not syncsafe") }
        guard !header.compressedV22 else {
            tags.note("compressed ID3v2.2 tag: tag skipped")
            return
        }
        // v2.2 and v2.3 unsynchronise the whole tag; v2.4 unsynchronises each frame.
        let body = try ID3v2Body(file: file, head: head, length: header.size,
                                 unsynchronised: header.unsynchronised && header.major < 4, tags: &tags)
        let reader = ID3v2Reader(header: header, body: body)
        var frames = ID3v2Frames(version: header.major, tagUnsynchronised: header.unsynchronised && header.major == 4)
        try reader.walk(frames: &frames, tags: &tags)
        frames.finish(into: &tags)
    }

    private var idLength: Int { header.major == 2 ? 3 : 4 }
    private var frameHeaderLength: Int { header.major == 2 ? 6 : 10 }

    private func walk(frames: inout ID3v2Frames, tags: inout TrackTags) throws(FormatReadError) {
        var position = try framesStart(tags: &tags)
        var count = 0
        var preferPlainSizes = false
        while position < body.length {
            let h = try body.bytes(at: position, count: frameHeaderLength)
            if h.first == 0 { break }  // padding
            let base = h.startIndex
            guard h.count == frameHeaderLength, isFrameID(h.prefix(idLength)) else {
                tags.note("unreadable data at byte \(position + 10) of the tag; the rest of the tag is ignored")
                break
            }
            let id = String(decoding: h.prefix(idLength), as: UTF8.self)
            let contentStart = position + frameHeaderLength
            let size: Int
            switch header.major {
            case 2: size = ID3v2Header.bigEndian(h[(base + 3)..<(base + 6)])
            case 3: size = ID3v2Header.bigEndian(h[(base + 4)..<(base + 8)])
            default: size = try v24Size(h[(base + 4)..<(base + 8)], contentStart: contentStart,
                                        preferPlain: &preferPlainSizes)
            }
            if size == 0 {
                tags.note("frame \(id) is empty")
                position = contentStart
                continue
            }
            guard size <= body.length - contentStart else {
                tags.note("frame \(id) runs past the end of the tag")
                break
            }
            let flags = header.major == 2 ? 0 : UInt16(h[base + 8]) << 8 | UInt16(h[base + 9])
            try frames.handle(id: id, flags: flags, start: contentStart, size: size, body: body, tags: &tags)
            position = contentStart + size
            count += 1
            if count >= Self.maxFrames {
                tags.note("more than \(Self.maxFrames) frames; the rest of the tag is ignored")
                break
            }
        }
    }

    /// Where the first frame starts: after the extended header, if there is one.
    private func framesStart(tags: inout TrackTags) throws(FormatReadError) -> Int {
        guard header.hasExtendedHeader else { return 0 }
        let sizeBytes = try body.bytes(at: 0, count: 4)
        guard sizeBytes.count == 4 else { return body.length }
        // v2.3: a plain size that does not count its own 4 bytes; v2.4: syncsafe, counting them.
        let declared = header.major == 3 ? 4 + ID3v2Header.bigEndian(sizeBytes) : ID3v2Header.syncsafe(sizeBytes)
        if declared >= 6, try landing(at: declared) != .invalid { return declared }
        if try landing(at: 0) == .frame { return 0 }  // the flag is set, but there is no extended header
        tags.note("extended header is damaged; frames after it are ignored")
        return body.length
    }

    /// ID3v2.4 sizes are syncsafe, but many taggers wrote plain ones. When the two
    /// readings differ, the one that lands on the next frame (or the end) wins.
    private func v24Size(_ b: ArraySlice<UInt8>, contentStart: Int, preferPlain: inout Bool) throws(FormatReadError) -> Int {
        let plain = ID3v2Header.bigEndian(b)
        guard b.allSatisfy({ $0 < 0x80 }) else { return plain }
        let syncsafe = ID3v2Header.syncsafe(b)
        guard plain != syncsafe else { return syncsafe }
        let order = preferPlain ? [plain, syncsafe] : [syncsafe, plain]
        let landings = [try landing(at: contentStart + order[0]), try landing(at: contentStart + order[1])]
        var chosen = order[0]
        if landings[0] == .frame || landings[0] == .end {
            chosen = order[0]
        } else if landings[1] == .frame || landings[1] == .end {
            chosen = order[1]
        } else if landings[0] == .padding, landings[1] == .padding {
            // Either the frame ends early and padding follows (then everything between the
            // two landings is zero), or it ends late and the early landing hit zeros in it.
            chosen = try allZero(from: contentStart + syncsafe, to: contentStart + plain) ? syncsafe : plain
        } else if landings[0] == .invalid, landings[1] == .padding {
            chosen = order[1]
        }
        if chosen == plain { preferPlain = true }
        return chosen
    }

    private func allZero(from start: Int, to end: Int) throws(FormatReadError) -> Bool {
        var position = start
        while position < end {
            let chunk = try body.bytes(at: position, count: min(end - position, ID3v2Body.window))
            if chunk.isEmpty { break }
            if chunk.contains(where: { $0 != 0 }) { return false }
            position += chunk.count
        }
        return true
    }

    private enum Landing { case frame, end, padding, invalid }

    private func landing(at position: Int) throws(FormatReadError) -> Landing {
        if position == body.length { return .end }
        guard position < body.length else { return .invalid }
        // Padding runs to the end of the tag: a few zeros inside a frame's content are not it.
        let zeros = try body.bytes(at: position, count: 64)
        if zeros.allSatisfy({ $0 == 0 }) { return .padding }
        let b = zeros.prefix(idLength)
        guard b.count == idLength, isFrameID(b), position + frameHeaderLength <= body.length else { return .invalid }
        return .frame
    }

    private func isFrameID(_ b: ArraySlice<UInt8>) -> Bool {
        b.count == idLength && b.allSatisfy { (0x41...0x5A).contains($0) || (0x30...0x39).contains($0) }
    }
}
