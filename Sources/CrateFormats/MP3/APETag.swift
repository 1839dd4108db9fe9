/// The APEv2 tag mp3gain writes at the end of an MP3 (before any ID3v1 tag): Crate
/// reads only its ReplayGain items. Footer: "APETAGEX", version, size (items + footer),
/// item count, flags, 8 reserved bytes; items: value size, flags, NUL-ended key, value.
enum APETag {
    static let footerSize = 32
    /// Larger than any ReplayGain-only tag; a bigger one (with pictures) is not read.
    static let maxSize = 256 * 1024

    /// Where the tag ending at `end` starts, and its ReplayGain; nil without a tag.
    static func read(_ file: FileBytes, endingAt end: Int) throws(FormatReadError) -> (start: Int, gain: ReplayGain?)? {
        guard end >= footerSize else { return nil }
        let footer = try file.read(at: end - footerSize, count: footerSize)
        guard footer.count == footerSize, footer.starts(with: Array("APETAGEX".utf8)) else { return nil }
        let size = le32(footer, 12), count = le32(footer, 16)
        guard size >= footerSize, size <= end else { return nil }
        let start = end - size - (le32(footer, 20) & 0x8000_0000 != 0 ? footerSize : 0)  // a header too
        guard size <= maxSize else { return (max(0, start), nil) }
        let items = try file.read(at: end - size, count: size - footerSize)
        var values: [String: String] = [:]
        var at = 0
        for _ in 0..<min(count, 1000) {
            guard at + 8 <= items.count else { break }
            let length = le32(items, at)
            guard let nul = items[(at + 8)...].firstIndex(of: 0), nul + 1 + length <= items.count else { break }
            let key = String(decoding: items[(at + 8)..<nul], as: UTF8.self).uppercased()
            values[key] = String(decoding: items[(nul + 1)..<(nul + 1 + length)], as: UTF8.self)
            at = nul + 1 + length
        }
        var gain = ReplayGain()
        gain.trackGain = values["REPLAYGAIN_TRACK_GAIN"].flatMap(TagValueParsing.decibels)
        gain.trackPeak = values["REPLAYGAIN_TRACK_PEAK"].flatMap(TagValueParsing.decibels)
        gain.albumGain = values["REPLAYGAIN_ALBUM_GAIN"].flatMap(TagValueParsing.decibels)
        gain.albumPeak = values["REPLAYGAIN_ALBUM_PEAK"].flatMap(TagValueParsing.decibels)
        return (max(0, start), gain == ReplayGain() ? nil : gain)
    }

    private static func le32(_ b: [UInt8], _ i: Int) -> Int {
        Int(b[i]) | Int(b[i + 1]) << 8 | Int(b[i + 2]) << 16 | Int(b[i + 3]) << 24
    }
}
