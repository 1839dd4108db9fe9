import CrateFormats

/// Reads one folder's audio files (every format the registry knows) into records. A folder is the unit of reading: album
/// keys depend on the siblings (compilations), so a change to one file re-reads all.
struct FolderReader {
    let root: String

    struct Result {
        var records: [FileRecord] = []
        var skipped: [SkippedFileInfo] = []
    }

    struct SkippedFileInfo {
        var path: String
        var reason: String
        var kept = false
    }

    func read(_ folder: DirectoryWalker.Folder) -> Result {
        var result = Result()
        var read: [(entry: DirectoryWalker.Entry, path: String, info: TrackMetadata)] = []
        for entry in folder.files {
            let path = entry.path
            do {
                let info = try FormatRegistry.readMetadata(path: path)
                read.append((entry, path, info))
                if let truncation = info.stream.truncation {
                    // Plays what is there; reported like a damaged tag.
                    result.skipped.append(SkippedFileInfo(path: path, reason: truncation, kept: true))
                }
                for problem in info.tags.problems {
                    // The file is usable; its tag is damaged. Kept and reported.
                    result.skipped.append(SkippedFileInfo(path: path, reason: "damaged tag: \(problem)", kept: true))
                }
            } catch {
                result.skipped.append(SkippedFileInfo(path: path, reason: error.reason))
            }
        }
        let albumFolder = AlbumFolder.of(directory: folder.path)
        let keys = AlbumKey.keys(for: read.map { file in
            AlbumKey.Input(albumTitle: file.info.tags.album.nonEmpty, albumArtist: file.info.tags.albumArtist.nonEmpty,
                           artist: file.info.tags.artist.nonEmpty, compilationFlag: file.info.tags.compilation,
                           musicBrainzAlbumID: file.info.tags.musicBrainzAlbumID.nonEmpty)
        }, albumFolder: albumFolder)
        // Only untagged files need names from folders.
        lazy var untagged = AlbumFolder.untaggedNames(albumFolder: albumFolder, root: root)
        let folderDisc = AlbumFolder.discNumber(ofFolder: AlbumFolder.lastComponent(folder.path))
        for (file, key) in zip(read, keys) {
            let tags = file.info.tags
            let fromName = AlbumFolder.untaggedTrack(fileName: file.entry.name)
            let albumTitle = tags.album.nonEmpty ?? untagged.title
            let artist = tags.artist.nonEmpty ?? tags.albumArtist.nonEmpty ?? untagged.artist
            let albumArtist = key.compilation ? (tags.albumArtist.nonEmpty ?? "Various Artists") : tags.albumArtist.nonEmpty
            let genre = GenreTaxonomy.classify(tags: tags.genres)
            result.records.append(FileRecord(
                path: file.path, root: root, size: file.entry.size, mtimeNanos: file.entry.mtimeNanos,
                albumKey: key.key, title: tags.title.nonEmpty ?? fromName.title, artist: artist,
                albumArtist: albumArtist, albumTitle: albumTitle,
                trackNumber: tags.trackNumber ?? fromName.number, trackTotal: tags.trackTotal,
                discNumber: tags.discNumber ?? folderDisc, discTotal: tags.discTotal,
                year: tags.year, date: tags.date, genres: tags.genres, compilation: key.compilation,
                musicBrainzAlbumID: tags.musicBrainzAlbumID.nonEmpty, replayGain: tags.replayGain,
                artwork: tags.artwork, sampleRate: file.info.stream.sampleRate, channels: file.info.stream.channels,
                durationFrames: file.info.stream.durationFrames, exactDuration: file.info.stream.exact,
                superGenre: genre.superGenre.rawValue, subGenre: genre.subGenre?.name,
                artistSortKey: SortKey.make(tags.albumArtistSort.nonEmpty ?? (tags.albumArtist.nonEmpty == nil ? tags.artistSort.nonEmpty : nil) ?? albumArtist ?? artist),
                albumSortKey: SortKey.make(tags.albumSort.nonEmpty ?? albumTitle),
                codec: file.info.stream.codec, bitsPerSample: file.info.stream.bitsPerSample,
                lossless: file.info.stream.lossless))
        }
        return result
    }
}

extension Optional where Wrapped == String {
    /// nil for a missing or blank tag: "" and "   " say nothing.
    var nonEmpty: String? {
        guard let value = self, value.contains(where: { !$0.isWhitespace }) else { return nil }
        return value
    }
}
