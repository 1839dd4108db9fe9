/// iTunes-style tags: the items of `moov/udta/meta/ilst`, each holding a `data` box
/// (type, locale, value); freeform `----` items name themselves with `mean` and `name`.
/// The cover is located, never read: its image bytes stay in the file.
struct MP4Tags {
    var tags = TrackTags()
    /// The freeform iTunSMPB text (gapless priming, padding and length), when tagged.
    var iTunSMPB: String?

    /// Items larger than this are not tags (a cover is handled apart).
    static let maxItem = 1 << 20

    static func read(ilst: MP4Box, reader: MP4BoxReader) throws(DecodeError) -> MP4Tags {
        var result = MP4Tags()
        var offset = ilst.payloadOffset
        while true {
            // A damaged item ends the list; the items before it are kept.
            let item: MP4Box
            do {
                guard let next = try reader.box(at: offset, limit: ilst.end) else { break }
                guard next.end <= ilst.end else {
                    result.tags.note("item '\(next.type)' runs past the end of the tags")
                    break
                }
                item = next
            } catch {
                result.tags.note(error.reason)
                break
            }
            offset = item.end
            if item.type == "covr" {
                if result.tags.artwork == nil { result.tags.artwork = try cover(item, reader: reader, tags: &result.tags) }
                continue
            }
            guard item.payloadSize <= maxItem else {
                result.tags.note("item '\(item.type)' is too large (\(item.size) bytes)")
                continue
            }
            let payload = try reader.payload(item)
            guard let atoms = Atom.list(payload) else {
                result.tags.note("item '\(item.type)' is damaged")
                continue
            }
            result.apply(item.type, atoms)
        }
        return result
    }

    /// The first picture of `covr`: the byte range of its image, typed by the data box
    /// (13 JPEG, 14 PNG, 27 BMP) or by its first bytes.
    private static func cover(_ item: MP4Box, reader: MP4BoxReader, tags: inout TrackTags) throws(DecodeError) -> ArtworkLocation? {
        let data: MP4Box
        do {
            guard let first = try reader.child("data", of: item) else { return nil }
            data = first
        } catch {
            tags.note("the cover is damaged: \(error.reason)")
            return nil
        }
        guard data.payloadSize > 8 else { return nil }
        let head = try reader.cursor.bytes(at: data.payloadOffset, count: 16)
        guard head.count == 16 else { return nil }
        let length = data.payloadSize - 8
        let mime: String
        switch Int(head[1]) << 16 | Int(head[2]) << 8 | Int(head[3]) {
        case 13: mime = "image/jpeg"
        case 14: mime = "image/png"
        case 27: mime = "image/bmp"
        default:
            if head[8] == 0x89, head[9] == 0x50 { mime = "image/png" } else if head[8] == 0x42, head[9] == 0x4D {
                mime = "image/bmp"
            } else if head[8] == 0xFF, head[9] == 0xD8 { mime = "image/jpeg" } else { return nil }
        }
        return ArtworkLocation(offset: data.payloadOffset + 8, length: length, mimeType: mime)
    }

    private mutating func apply(_ type: FourCC, _ atoms: [Atom]) {
        guard let data = atoms.first(where: { $0.type == "data" })?.body, data.count >= 8 else { return }
        let value = data.dropFirst(8)
        func text() -> String? {
            let string = data[data.startIndex + 3] == 2
                ? String(decoding: stride(from: value.startIndex, to: value.endIndex - 1, by: 2).map {
                    UInt16(value[$0]) << 8 | UInt16(value[$0 + 1])
                }, as: UTF16.self)
                : String(decoding: value, as: UTF8.self)
            let trimmed = string.trimmingBlanks()
            return trimmed.isEmpty ? nil : trimmed
        }
        func pair() -> (Int?, Int?) {
            guard value.count >= 6 else { return (nil, nil) }
            let bytes = Array(value)
            let number = Int(bytes[2]) << 8 | Int(bytes[3]), total = Int(bytes[4]) << 8 | Int(bytes[5])
            return (number > 0 ? number : nil, total > 0 ? total : nil)
        }
        switch type {
        case "©nam": tags.title = text()
        case "©ART": tags.artist = text()
        case "aART": tags.albumArtist = text()
        case "©alb": tags.album = text()
        case "©day":
            tags.date = text()
            tags.year = tags.date.flatMap(TagValueParsing.year)
        case "©gen":
            tags.genres = (text() ?? "").split(separator: ";").map { $0.trimmingBlanks() }.filter { !$0.isEmpty }
        case "gnre":
            if tags.genres.isEmpty, value.count >= 2 {
                let number = Int(value[value.startIndex]) << 8 | Int(value[value.startIndex + 1])
                if let name = ID3Genres.name(number - 1) { tags.genres = [name] }
            }
        case "trkn": (tags.trackNumber, tags.trackTotal) = pair()
        case "disk": (tags.discNumber, tags.discTotal) = pair()
        case "cpil": tags.compilation = value.contains { $0 != 0 }
        case "soar": tags.artistSort = text()
        case "soaa": tags.albumArtistSort = text()
        case "soal": tags.albumSort = text()
        case "----": applyFreeform(atoms, text: text())
        default: break
        }
    }

    /// `----` items of the "com.apple.iTunes" space: MusicBrainz, ReplayGain, iTunSMPB.
    private mutating func applyFreeform(_ atoms: [Atom], text: String?) {
        func string(_ type: FourCC) -> String? {
            atoms.first { $0.type == type }.map { String(decoding: $0.body.dropFirst(4), as: UTF8.self) }
        }
        guard let mean = string("mean"), mean.lowercased() == "com.apple.itunes", let name = string("name"),
              let text
        else { return }
        var gain = tags.replayGain ?? ReplayGain()
        switch name.lowercased() {
        case "musicbrainz album id": tags.musicBrainzAlbumID = text
        case "replaygain_track_gain": gain.trackGain = TagValueParsing.decibels(text)
        case "replaygain_track_peak": gain.trackPeak = TagValueParsing.decibels(text)
        case "replaygain_album_gain": gain.albumGain = TagValueParsing.decibels(text)
        case "replaygain_album_peak": gain.albumPeak = TagValueParsing.decibels(text)
        case "itunsmpb": iTunSMPB = text
        default: return
        }
        tags.replayGain = gain == ReplayGain() ? nil : gain
    }
}

/// A box inside an item already in memory.
private struct Atom {
    let type: FourCC
    let body: ArraySlice<UInt8>

    /// The boxes filling `bytes` end to end; nil when one runs past the end.
    static func list(_ bytes: [UInt8]) -> [Atom]? {
        var atoms: [Atom] = []
        var r = BigEndianReader(bytes)
        while r.remaining >= 8 {
            let size = r.u32()!, type = r.fourCC()!
            guard size >= 8, size - 8 <= r.remaining, let body = r.bytes(size - 8) else { return nil }
            atoms.append(Atom(type: type, body: body))
        }
        return atoms
    }
}
