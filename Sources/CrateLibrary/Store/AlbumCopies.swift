import CrateCore
import CrateSQLite

/// Two copies of one release (an old MP3 rip beside a FLAC one, a local rip beside the
/// server's copy, the halves of an album the server split) share an album key, so
/// they are one album in every crate. This decides which copy plays: per folder, a copy
/// on the box before a server's (it plays with the server gone and costs no
/// download), then the best quality (lossless, then depth, then rate, then the most
/// tracks); a track of a
/// lesser copy that the better copy also has (same disc and number) is `shadowed`, so
/// it is neither played nor counted. Files of one folder never shadow each other: two
/// tracks tagged with the same number in one rip are both kept.
struct AlbumCopies {
    let db: Database

    struct File {
        var id: Int64
        var folder: String
        var slot: String?
        var lossless: Bool
        var bits: Int
        var rate: Int
        var shadowed: Bool
    }

    /// Recomputes `files.shadowed` for the album of `albumKey`.
    func update(albumKey key: String) throws(SQLiteError) {
        let files = try db.rows("""
            SELECT id, path, disc_number, track_number, lossless, bits_per_sample, sample_rate, shadowed
            FROM files WHERE album_key = ?1
            """, [.text(key)]) { s in
            File(id: s.int64(0), folder: AlbumFolder.of(directory: AlbumFolder.parent(s.text(1))),
                 slot: s.optionalInt(3).map { "\(s.optionalInt(2) ?? 1)-\($0)" },
                 lossless: s.bool(4), bits: s.int(5), rate: s.int(6), shadowed: s.bool(7))
        }
        let ranked = Self.folderRanking(files)
        var owner: [String: String] = [:]  // slot → the best folder holding it
        for folder in ranked {
            for file in files where file.folder == folder {
                if let slot = file.slot, owner[slot] == nil { owner[slot] = folder }
            }
        }
        for file in files {
            let shadowed = file.slot.map { owner[$0] != file.folder } ?? false
            if shadowed != file.shadowed {
                try db.run("UPDATE files SET shadowed = ?2 WHERE id = ?1", [.integer(file.id), .bool(shadowed)])
            }
        }
    }

    /// Folders, best copy first.
    static func folderRanking(_ files: [File]) -> [String] {
        var quality: [String: (lossless: Bool, bits: Int, rate: Int, count: Int)] = [:]
        for file in files {
            var q = quality[file.folder] ?? (false, 0, 0, 0)
            q = (q.lossless || file.lossless, max(q.bits, file.bits), max(q.rate, file.rate), q.count + 1)
            quality[file.folder] = q
        }
        return quality.keys.sorted { a, b in
            let x = quality[a]!, y = quality[b]!
            let (localA, localB) = (TrackLocation.isLocal(a), TrackLocation.isLocal(b))
            if localA != localB { return localA }
            if x.lossless != y.lossless { return x.lossless }
            if x.bits != y.bits { return x.bits > y.bits }
            if x.rate != y.rate { return x.rate > y.rate }
            if x.count != y.count { return x.count > y.count }
            return a < b
        }
    }
}

