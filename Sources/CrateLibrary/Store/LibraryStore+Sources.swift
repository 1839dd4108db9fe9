import CrateCore
import CrateSQLite

/// How an album's files are described: per track ("FLAC 96 kHz/24-bit") and per copy.
extension LibraryStore {
    /// "FLAC 96 kHz/24-bit" for lossless files, "MP3 44.1 kHz" for lossy ones (their depth
    /// is the decoder's, not the source's).
    static func formatName(codec: String, rate: Int, bits: Int, lossless: Bool) -> String {
        let khz = rate % 1000 == 0 ? "\(rate / 1000)" : "\(Double(rate) / 1000)"
        return lossless ? "\(codec) \(khz) kHz/\(bits)-bit" : "\(codec) \(khz) kHz"
    }

    /// The album's copies, one per folder, the playing one first.
    static func sources(_ db: Database, albumKey key: String) throws(SQLiteError) -> [AlbumSource] {
        struct Copy { var formats: [String] = []; var tracks = 0; var playing = false }
        var copies: [String: Copy] = [:]
        let files = try db.rows("""
            SELECT path, codec, sample_rate, bits_per_sample, lossless, shadowed FROM files WHERE album_key = ?1
            """, [.text(key)]) { s in
            (folder: AlbumFolder.of(directory: AlbumFolder.parent(s.text(0))),
             format: formatName(codec: s.text(1), rate: s.int(2), bits: s.int(3), lossless: s.bool(4)),
             playing: !s.bool(5))
        }
        for file in files {
            var copy = copies[file.folder] ?? Copy()
            if !copy.formats.contains(file.format) { copy.formats.append(file.format) }
            copy.tracks += 1
            copy.playing = copy.playing || file.playing
            copies[file.folder] = copy
        }
        return copies.map { AlbumSource(folder: $0.key, format: $0.value.formats.joined(separator: ", "),
                                        tracks: $0.value.tracks, playing: $0.value.playing) }
            .sorted { ($0.playing ? 0 : 1, $0.folder) < ($1.playing ? 0 : 1, $1.folder) }
    }
}
