/// Finds where the image bytes of an APIC (v2.3/2.4) or PIC (v2.2) frame sit in the
/// file, reading only the frame's small header, never the picture.
///
/// APIC: encoding, MIME type + NUL, picture type, description + terminator, image.
/// PIC:  encoding, 3-letter format ("JPG"), picture type, description + terminator, image.
enum ID3Artwork {
    /// How much of the frame is read first, and at most, to find the end of the description.
    static let firstLook = 1024
    static let longestLook = 64 * 1024

    static func locate(id: String, body: ID3v2Body, dataStart: Int, dataLength: Int, fileOffset: Int,
                       tags: inout TrackTags) throws(FormatReadError) -> ArtworkLocation? {
        var look = min(dataLength, firstLook)
        while true {
            let prefix = try body.bytes(at: dataStart, count: look)
            if let (imageStart, declared) = header(prefix, pictureFrameV22: id == "PIC") {
                let imageLength = dataLength - imageStart
                guard imageLength > 0, declared != "-->" else { return nil }  // "-->": a link, not a picture
                let magic = try body.bytes(at: dataStart + imageStart, count: 12)
                return ArtworkLocation(offset: fileOffset + dataStart + imageStart, length: imageLength,
                                       mimeType: sniff(magic) ?? normalized(declared))
            }
            guard look < min(dataLength, longestLook) else { break }
            look = min(dataLength, longestLook)
        }
        tags.note("frame \(id) is damaged (its picture header has no end)")
        return nil
    }

    /// The offset of the image within the frame content and the declared type, when the
    /// header ends within `prefix`.
    private static func header(_ p: ArraySlice<UInt8>, pictureFrameV22: Bool) -> (Int, String)? {
        let s = p.startIndex
        guard let encoding = p.first else { return nil }
        let declared: String
        let descriptionStart: Int
        if pictureFrameV22 {
            guard p.count >= 5 else { return nil }
            declared = String(decoding: p[(s + 1)..<(s + 4)], as: UTF8.self)
            descriptionStart = s + 5
        } else {
            guard let mimeEnd = p[(s + 1)...].firstIndex(of: 0), mimeEnd + 2 <= p.endIndex else { return nil }
            declared = String(decoding: p[(s + 1)..<mimeEnd], as: UTF8.self)
            descriptionStart = mimeEnd + 2
        }
        guard let end = ID3Text.terminator(in: p, from: descriptionStart, encoding: encoding) else { return nil }
        return (end.next - s, declared)
    }

    /// The type from the image's first bytes.
    static func sniff(_ b: ArraySlice<UInt8>) -> String? {
        let bytes = Array(b)
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if bytes.starts(with: Array("GIF8".utf8)) { return "image/gif" }
        if bytes.starts(with: Array("BM".utf8)) { return "image/bmp" }
        if bytes.starts(with: Array("RIFF".utf8)), bytes.count >= 12, bytes[8..<12].elementsEqual("WEBP".utf8) {
            return "image/webp"
        }
        return nil
    }

    /// "jpg", "image/jpg", "JPG" → "image/jpeg"; other types as "image/x".
    static func normalized(_ declared: String) -> String {
        let type = (ID3Text.cleaned(declared) ?? "").lowercased()
        switch type {
        case "jpg", "jpeg", "image/jpg", "image/jpeg", "image/pjpeg": return "image/jpeg"
        case "": return "application/octet-stream"
        default: return type.contains("/") ? type : "image/" + type
        }
    }
}
