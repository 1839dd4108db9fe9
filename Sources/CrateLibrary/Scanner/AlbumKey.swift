/// The text key that says which files form one album. Stable across rescans and cache
/// rebuilds (user data such as likes is keyed by it), and derived from one folder's
/// files at a time so that a change to one file re-derives its siblings' keys too.
///
/// - MusicBrainz album id present: that id (two editions with one title stay apart).
/// - A compilation (flagged, album artist "Various Artists", or one album title shared by
///   several track artists with no album artist): the title within its album folder.
/// - Tagged: album artist (else artist) and title, folded, so "The Beatles" and
///   "the beatles" agree and the same title by different artists stays separate.
/// - Untagged: the album folder.
public enum AlbumKey {
    static let variousArtists: Set<String> = ["various artists", "various", "va", "v a"]

    struct Input {
        var albumTitle: String?
        var albumArtist: String?
        var artist: String?
        var compilationFlag: Bool
        var musicBrainzAlbumID: String?
    }

    /// The key of one album known by its title and artist alone (an album of a remote
    /// source, whose tracks are not files of a folder): the key the scanner gives a tagged
    /// album, so a local copy of the same release is the same album. `folder` stands for
    /// its album folder (untitled albums and compilations are keyed within it).
    public static func key(albumTitle: String, artist: String, folder: String) -> String {
        keys(for: [Input(albumTitle: albumTitle.isEmpty ? nil : albumTitle, albumArtist: artist, artist: artist,
                         compilationFlag: artist == AlbumAggregation.variousArtists, musicBrainzAlbumID: nil)],
             albumFolder: folder)[0].key
    }

    /// Keys for all files of one directory, in the same order. Files sharing an album
    /// title are looked at together to spot untagged compilations.
    static func keys(for files: [Input], albumFolder: String) -> [(key: String, compilation: Bool)] {
        var artistsByTitle: [String: Set<String>] = [:]
        for file in files where file.albumArtist == nil {
            guard let title = file.albumTitle else { continue }
            artistsByTitle[SortKey.fold(title), default: []].insert(SortKey.fold(file.artist ?? ""))
        }
        return files.map { file in
            guard let title = file.albumTitle, !title.isEmpty else { return ("dir:" + albumFolder, false) }
            let foldedTitle = SortKey.fold(title)
            let compilation = file.compilationFlag
                || variousArtists.contains(SortKey.fold(file.albumArtist ?? ""))
                || (file.albumArtist == nil && (artistsByTitle[foldedTitle]?.count ?? 0) > 1)
            if let mbid = file.musicBrainzAlbumID, !mbid.isEmpty { return ("mb:" + mbid.lowercased(), compilation) }
            if compilation { return ("comp:" + foldedTitle + "|" + albumFolder, true) }
            return ("tag:" + SortKey.fold(file.albumArtist ?? file.artist ?? "") + "|" + foldedTitle, false)
        }
    }
}
