/// The first edit of a track's edit list that plays media: where in the media it starts
/// (the encoder's priming, in the media timescale) and how long it lasts (in the movie
/// timescale).
struct MP4Edit: Equatable {
    let mediaTime: Int
    let segmentDuration: Int
}

/// A sound track: its media timescale, codec, packet table and edit.
struct MP4AudioTrack {
    let timescale: Int
    let entry: MP4SampleEntry
    let table: MP4SampleTable
    let edit: MP4Edit?

    /// The handler type of a `trak` ("soun", "vide", …), nil when it has none.
    static func handler(of trak: MP4Box, reader: MP4BoxReader) throws(DecodeError) -> FourCC? {
        guard let hdlr = try reader.descend(trak, ["mdia", "hdlr"]) else { return nil }
        var r = BigEndianReader(try reader.cursor.bytes(at: hdlr.payloadOffset, count: 12), at: 8)
        return r.fourCC()
    }

    static func read(trak: MP4Box, reader: MP4BoxReader) throws(DecodeError) -> MP4AudioTrack {
        guard let mdia = try reader.child("mdia", of: trak), let mdhd = try reader.child("mdhd", of: mdia) else {
            throw reader.fail("the sound track has no media header")
        }
        let timescale = try mediaTimescale(try reader.payload(mdhd), reader: reader)
        guard let stbl = try reader.descend(mdia, ["minf", "stbl"]) else { throw reader.fail("the sound track has no sample table") }
        let boxes = try reader.children(of: stbl)
        func find(_ types: FourCC...) -> MP4Box? { boxes.first { types.contains($0.type) } }
        guard let stsd = find("stsd") else { throw reader.fail("the sound track has no sample description") }
        let entry = try MP4SampleEntry.read(stsd: stsd, reader: reader)
        guard let stts = find("stts"), let stsc = find("stsc"), let sizes = find("stsz", "stz2"),
              let chunks = find("stco", "co64")
        else { throw reader.fail("the sound track's sample table is incomplete") }
        let table = try MP4SampleTable.build(
            stts: try reader.payload(stts), stsc: try reader.payload(stsc),
            sizes: (sizes.type, try reader.payload(sizes)), chunkOffsets: (chunks.type, try reader.payload(chunks)),
            path: reader.path)
        guard table.count > 0 else { throw reader.fail("the sound track holds no audio packets") }
        var edit: MP4Edit?
        if let elst = try reader.descend(trak, ["edts", "elst"]) { edit = firstEdit(try reader.payload(elst)) }
        return MP4AudioTrack(timescale: timescale, entry: entry, table: table, edit: edit)
    }

    private static func mediaTimescale(_ mdhd: [UInt8], reader: MP4BoxReader) throws(DecodeError) -> Int {
        var r = BigEndianReader(mdhd)
        guard let version = r.u8(), r.skip(3 + (version == 1 ? 16 : 8)), let timescale = r.u32(), timescale > 0 else {
            throw reader.fail("the sound track's media header is damaged")
        }
        return timescale
    }

    /// The first edit that plays media (an empty edit, media time -1, is a delay and skipped).
    private static func firstEdit(_ elst: [UInt8]) -> MP4Edit? {
        var r = BigEndianReader(elst)
        guard let version = r.u8(), r.skip(3), let count = r.u32() else { return nil }
        for _ in 0..<min(count, 1000) {
            let duration = version == 1 ? r.u64() : r.u32()
            let mediaTime = version == 1 ? r.i64() : r.i32()
            guard let duration, let mediaTime, r.skip(4) else { return nil }  // media rate
            if mediaTime >= 0 { return MP4Edit(mediaTime: mediaTime, segmentDuration: duration) }
        }
        return nil
    }
}
