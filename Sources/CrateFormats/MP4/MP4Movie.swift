/// What Crate takes from an MP4 file: its first sound track, the movie timescale (edit
/// list durations are in it) and where the `ilst` tags are.
struct MP4Movie {
    let track: MP4AudioTrack
    let movieTimescale: Int
    let ilst: MP4Box?
    /// Why the tags could not be found, when `udta` is damaged (the audio still plays).
    let tagsProblem: String?

    /// The box types an MP4 (or an old QuickTime file) may start with.
    private static let firstBoxes: Set<FourCC> = ["ftyp", "moov", "mdat", "free", "skip", "wide", "pnot"]

    /// Finds `moov` among the top-level boxes, before or after `mdat`: a file is read
    /// where the box lies, a stream waits until it arrives.
    static func read(_ reader: MP4BoxReader) throws(DecodeError) -> MP4Movie {
        let head = try reader.cursor.bytes(at: 0, count: 8)
        guard head.count == 8 else {
            throw reader.fail(head.isEmpty ? "empty file" : "truncated: the file is too short to be an MP4")
        }
        var first = BigEndianReader(head, at: 4)
        guard let type = first.fourCC(), firstBoxes.contains(type) else {
            // FileKind names other formats ("it is a FLAC file"); not its MPEG fallbacks.
            throw reader.fail("not an MP4 file (\(FileKind.name(head, at: 0) ?? "no ftyp box at the start"))")
        }
        var offset = 0
        var lastEnd = 0
        var moov: MP4Box?
        while let box = try reader.box(at: offset, limit: nil) {
            lastEnd = box.end
            if box.type == "moov" {
                moov = box
                break
            }
            offset = box.end
        }
        let size = reader.cursor.source.size
        guard let moov else {
            if let size, lastEnd > size { throw reader.fail("no moov box (the file is cut short)") }
            throw reader.fail("no moov box: not a playable MP4")
        }
        if let size, moov.end > size { throw reader.fail("the moov box is cut short (the file is cut short)") }
        return try parse(moov: moov, reader: reader)
    }

    private static func parse(moov: MP4Box, reader: MP4BoxReader) throws(DecodeError) -> MP4Movie {
        let boxes = try reader.children(of: moov)
        var movieTimescale = 0
        if let mvhd = boxes.first(where: { $0.type == "mvhd" }) {
            var r = BigEndianReader(try reader.cursor.bytes(at: mvhd.payloadOffset, count: 24))
            if let version = r.u8(), r.skip(3 + (version == 1 ? 16 : 8)), let scale = r.u32() { movieTimescale = scale }
        }
        var soundTrak: MP4Box?
        for trak in boxes where trak.type == "trak" {
            if try MP4AudioTrack.handler(of: trak, reader: reader) == "soun" {
                soundTrak = trak
                break
            }
        }
        guard let soundTrak else {
            let tracks = boxes.filter { $0.type == "trak" }.count
            throw reader.fail(tracks == 0 ? "no audio track (the MP4 holds no tracks)" : "no audio track (only video or other tracks)")
        }
        let track: MP4AudioTrack
        do {
            track = try MP4AudioTrack.read(trak: soundTrak, reader: reader)
        } catch {
            // Fragmented files keep their packets in moof boxes, not in the sample table.
            if boxes.contains(where: { $0.type == "mvex" }) {
                throw reader.fail("fragmented MP4 (moof) is not supported")
            }
            throw error
        }
        do {
            let ilst = try findILST(boxes, reader: reader)
            return MP4Movie(track: track, movieTimescale: movieTimescale, ilst: ilst, tagsProblem: nil)
        } catch {
            return MP4Movie(track: track, movieTimescale: movieTimescale, ilst: nil, tagsProblem: error.reason)
        }
    }

    /// moov/udta/meta/ilst. `meta` is a full box (version/flags before its children),
    /// except in QuickTime-style files where `hdlr` follows its header directly.
    private static func findILST(_ moovChildren: [MP4Box], reader: MP4BoxReader) throws(DecodeError) -> MP4Box? {
        guard let udta = moovChildren.first(where: { $0.type == "udta" }),
              let meta = try reader.child("meta", of: udta)
        else { return nil }
        var peek = BigEndianReader(try reader.cursor.bytes(at: meta.payloadOffset + 4, count: 4))
        let skip = peek.fourCC() == "hdlr" ? 0 : 4
        return try reader.child("ilst", of: meta, skip: skip)
    }
}
