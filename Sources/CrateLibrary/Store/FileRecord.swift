import CrateFormats

/// Everything the scanner learned about one audio file, ready to be stored. The album it
/// belongs to is named by `albumKey`, a stable text key the scanner derives from tags
/// and folders (see AlbumKey); the store groups files into albums by that key.
public struct FileRecord: Sendable, Equatable {
    /// Absolute path; unique in the library.
    public var path: String
    /// The configured library root it was found under.
    public var root: String
    public var size: Int
    /// Modification time in nanoseconds since the epoch: with `size`, what says "unchanged".
    public var mtimeNanos: Int

    public var albumKey: String
    public var title: String
    public var artist: String
    public var albumArtist: String?
    public var albumTitle: String
    public var trackNumber: Int?
    public var trackTotal: Int?
    public var discNumber: Int?
    public var discTotal: Int?
    public var year: Int?
    /// As written in the file ("2004-05-17", "2004").
    public var date: String?
    /// Free-text genres as tagged, numeric ID3v1 references already resolved ("(17)" → "Rock").
    public var genres: [String]
    public var compilation: Bool
    public var musicBrainzAlbumID: String?
    public var replayGain: ReplayGain?
    /// Where an embedded cover picture sits in the file, for the display to read later.
    public var artwork: ArtworkLocation?
    public var sampleRate: Int
    public var channels: Int
    /// "MP3", "FLAC", "Vorbis", "Opus", "AAC", "ALAC".
    public var codec: String
    public var bitsPerSample: Int
    public var lossless: Bool
    /// Gapless length in frames; exact when the format says so (a LAME/Info tag, STREAMINFO, …).
    public var durationFrames: Int
    public var exactDuration: Bool
    /// The taxonomy's reading of `genres` ("Other" and nil when nothing matched).
    public var superGenre: String
    public var subGenre: String?
    /// Sort keys (leading The/A/An dropped, case- and diacritic-folded).
    public var artistSortKey: String
    public var albumSortKey: String

    public init(path: String, root: String, size: Int, mtimeNanos: Int, albumKey: String, title: String,
                artist: String, albumArtist: String?, albumTitle: String, trackNumber: Int?, trackTotal: Int?,
                discNumber: Int?, discTotal: Int?, year: Int?, date: String?, genres: [String], compilation: Bool,
                musicBrainzAlbumID: String?, replayGain: ReplayGain?, artwork: ArtworkLocation?,
                sampleRate: Int, channels: Int, durationFrames: Int, exactDuration: Bool,
                superGenre: String, subGenre: String?, artistSortKey: String, albumSortKey: String,
                codec: String = "MP3", bitsPerSample: Int = 16, lossless: Bool = false) {
        self.codec = codec
        self.bitsPerSample = bitsPerSample
        self.lossless = lossless
        self.path = path
        self.root = root
        self.size = size
        self.mtimeNanos = mtimeNanos
        self.albumKey = albumKey
        self.title = title
        self.artist = artist
        self.albumArtist = albumArtist
        self.albumTitle = albumTitle
        self.trackNumber = trackNumber
        self.trackTotal = trackTotal
        self.discNumber = discNumber
        self.discTotal = discTotal
        self.year = year
        self.date = date
        self.genres = genres
        self.compilation = compilation
        self.musicBrainzAlbumID = musicBrainzAlbumID
        self.replayGain = replayGain
        self.artwork = artwork
        self.sampleRate = sampleRate
        self.channels = channels
        self.durationFrames = durationFrames
        self.exactDuration = exactDuration
        self.superGenre = superGenre
        self.subGenre = subGenre
        self.artistSortKey = artistSortKey
        self.albumSortKey = albumSortKey
    }
}

/// Size and mtime of a stored file: what an incremental scan compares against.
public struct FileStamp: Sendable, Equatable {
    public var size: Int
    public var mtimeNanos: Int
    public init(size: Int, mtimeNanos: Int) {
        self.size = size
        self.mtimeNanos = mtimeNanos
    }
}
