/// An album as the library knows it, for listings (`crate-admin albums`, the knob later).
public struct AlbumSummary: Sendable, Codable, Equatable {
    public var id: Int64
    public var title: String
    /// Album artist, else the track artist; "Various Artists" for compilations.
    public var artist: String
    public var year: Int?
    /// Super-genre and sub-category from the taxonomy ("Other" when unknown).
    public var superGenre: String
    public var subGenre: String?
    public var trackCount: Int
    public var discCount: Int
    /// Seconds, the sum of the tracks' gapless lengths.
    public var duration: Double
    public var compilation: Bool
    /// False while the root folder it lives in is missing or unmounted.
    public var online: Bool
    /// The folder holding it (the common parent of multi-disc sets).
    public var folder: String

    public init(
        id: Int64, title: String, artist: String, year: Int?, superGenre: String, subGenre: String?,
        trackCount: Int, discCount: Int, duration: Double, compilation: Bool, online: Bool, folder: String
    ) {
        self.id = id
        self.title = title
        self.artist = artist
        self.year = year
        self.superGenre = superGenre
        self.subGenre = subGenre
        self.trackCount = trackCount
        self.discCount = discCount
        self.duration = duration
        self.compilation = compilation
        self.online = online
        self.folder = folder
    }
}

/// One track of an album, in album order (disc, then track number).
public struct TrackSummary: Sendable, Codable, Equatable {
    public var id: Int64
    public var path: String
    public var disc: Int?
    public var number: Int?
    public var title: String
    public var artist: String
    /// Seconds; exact when `exactDuration` (a LAME/Info tag gave the gapless length).
    public var duration: Double
    public var exactDuration: Bool
    /// "FLAC 96 kHz/24-bit", when the library knows the file's format.
    public var format: String?

    public init(id: Int64, path: String, disc: Int?, number: Int?, title: String, artist: String,
                duration: Double, exactDuration: Bool, format: String? = nil) {
        self.format = format
        self.id = id
        self.path = path
        self.disc = disc
        self.number = number
        self.title = title
        self.artist = artist
        self.duration = duration
        self.exactDuration = exactDuration
    }
}

public struct AlbumDetail: Sendable, Codable, Equatable {
    public var album: AlbumSummary
    public var tracks: [TrackSummary]
    /// The copies of this album the library holds (one folder each); with more than one,
    /// the best one plays and the others are listed here.
    public var sources: [AlbumSource]
    /// A Plex album kept offline (`downloads-keep`); nil for a local album, always offline.
    public var kept: Bool?
    /// `album`: liked or disliked (a 4- or 5-star Plex rating is a like); nil: neither.
    public var opinion: AlbumOpinion?
    public init(album: AlbumSummary, tracks: [TrackSummary], sources: [AlbumSource] = []) {
        self.album = album
        self.tracks = tracks
        self.sources = sources
    }
}

/// One copy of an album: a folder (or a server), its format and whether it is the one played.
public struct AlbumSource: Sendable, Codable, Equatable {
    public var folder: String
    /// "FLAC 44.1 kHz/16-bit", "MP3 44.1 kHz", or "FLAC, MP3" for a mixed folder.
    public var format: String
    public var tracks: Int
    public var playing: Bool
    public init(folder: String, format: String, tracks: Int, playing: Bool) {
        self.folder = folder
        self.format = format
        self.tracks = tracks
        self.playing = playing
    }
}

/// A file the scanner could not use, and why; or one it kept, with what is wrong with it
/// (a damaged tag, a stream cut short: it plays what is there).
public struct SkippedFile: Sendable, Codable, Equatable {
    public var path: String
    public var reason: String
    /// In the library and playable; reported, not skipped.
    public var kept: Bool

    public init(path: String, reason: String, kept: Bool = false) {
        self.path = path
        self.reason = reason
        self.kept = kept
    }

    private enum CodingKeys: String, CodingKey { case path, reason, kept }

    /// Scan reports saved before `kept` existed named only files left out.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        path = try values.decode(String.self, forKey: .path)
        reason = try values.decode(String.self, forKey: .reason)
        kept = try values.decodeIfPresent(Bool.self, forKey: .kept) ?? false
    }
}

/// What one scan did: honest counts for `library stats` and diagnostics.
public struct ScanReport: Sendable, Codable, Equatable {
    public var full: Bool
    /// Seconds since the epoch when the scan started, and how long it took.
    public var startedAt: Double
    public var seconds: Double
    public var filesSeen = 0
    /// Read afresh (new or changed); the rest of the MP3s seen were unchanged.
    public var filesRead = 0
    public var filesUnchanged = 0
    public var filesRemoved = 0
    public var skipped: [SkippedFile] = []
    public var offlineRoots: [String] = []
    public var albums = 0
    public var tracks = 0
    /// False when the scan was stopped before the end (the next one resumes).
    public var completed = true

    public init(full: Bool, startedAt: Double, seconds: Double = 0) {
        self.full = full
        self.startedAt = startedAt
        self.seconds = seconds
    }
}

/// Where a running scan is, for progress bars and `watch`.
public struct ScanProgress: Sendable, Codable, Equatable {
    public var filesSeen: Int
    public var filesDone: Int
    /// Files known to be waiting, when the walk has finished counting.
    public var filesTotal: Int?
    public var currentPath: String?

    public init(filesSeen: Int, filesDone: Int, filesTotal: Int?, currentPath: String?) {
        self.filesSeen = filesSeen
        self.filesDone = filesDone
        self.filesTotal = filesTotal
        self.currentPath = currentPath
    }
}

public struct ArtistSummary: Sendable, Codable, Equatable {
    public var name: String
    public var albumCount: Int
    public init(name: String, albumCount: Int) {
        self.name = name
        self.albumCount = albumCount
    }
}

public struct GenreSummary: Sendable, Codable, Equatable {
    public var superGenre: String
    /// nil: the row counts the whole super-genre.
    public var subGenre: String?
    public var albumCount: Int
    public init(superGenre: String, subGenre: String?, albumCount: Int) {
        self.superGenre = superGenre
        self.subGenre = subGenre
        self.albumCount = albumCount
    }
}

/// One configured library folder and whether it could be read at the last scan.
public struct LibraryRootStatus: Sendable, Codable, Equatable {
    public var path: String
    public var online: Bool
    public var albums: Int
    public init(path: String, online: Bool, albums: Int) {
        self.path = path
        self.online = online
        self.albums = albums
    }
}

public struct LibraryStats: Sendable, Codable, Equatable {
    public var albums: Int
    public var tracks: Int
    public var artists: Int
    public var offlineAlbums: Int
    public var roots: [LibraryRootStatus]
    public var lastScan: ScanReport?
    /// What the store did at start-up to stay usable (a rebuilt cache, a recovered file).
    public var storeNotes: [String]
    public init(albums: Int, tracks: Int, artists: Int, offlineAlbums: Int, roots: [LibraryRootStatus],
                lastScan: ScanReport?, storeNotes: [String]) {
        self.albums = albums
        self.tracks = tracks
        self.artists = artists
        self.offlineAlbums = offlineAlbums
        self.roots = roots
        self.lastScan = lastScan
        self.storeNotes = storeNotes
    }
}

/// What the user thinks of an album and how often it was heard.
public enum AlbumOpinion: String, Sendable, Codable, Equatable {
    case none, liked, disliked

    /// nil for `.none`: answers leave the field out when there is no opinion.
    public var nonNeutral: AlbumOpinion? { self == .none ? nil : self }
}

/// An album in the listening history.
public struct AlbumHistory: Sendable, Codable, Equatable {
    public var album: AlbumSummary
    public var opinion: AlbumOpinion
    /// Times it was started, and times it was heard to the end.
    public var plays: Int
    public var completedPlays: Int
    /// Seconds since the epoch.
    public var lastPlayed: Double?

    public init(album: AlbumSummary, opinion: AlbumOpinion, plays: Int, completedPlays: Int, lastPlayed: Double?) {
        self.album = album
        self.opinion = opinion
        self.plays = plays
        self.completedPlays = completedPlays
        self.lastPlayed = lastPlayed
    }
}
