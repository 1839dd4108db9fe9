/// The tags of an audio file, whatever its format: ID3 (MP3, gaps filled from ID3v1),
/// Vorbis comments (FLAC, Ogg Vorbis, Opus) or MP4 atoms. Every field is what the file says, cleaned only as much as a reader would: numbers
/// parsed, numeric genres named, surrounding blanks and stray NULs dropped.
public struct TrackTags: Sendable, Equatable {
    public var title: String?
    public var artist: String?
    public var album: String?
    public var albumArtist: String?
    public var trackNumber: Int?
    public var trackTotal: Int?
    public var discNumber: Int?
    public var discTotal: Int?
    public var year: Int?
    /// The recording date as written ("2004", "2004-05-17"); an ID3v2.3 TYER with a
    /// TDAT (DDMM) is written out as "YYYY-MM-DD".
    public var date: String?
    /// Genre names in tag order: ID3v1 numbers and ID3v2 references ("(17)", "17",
    /// "(RX)") resolved to names, several genres split on NUL and ";".
    public var genres: [String] = []
    /// TCMP (or TCP) = 1, or a TXXX "COMPILATION"/"cpil" = 1.
    public var compilation = false
    public var musicBrainzAlbumID: String?
    /// Sort tags as written (ARTISTSORT/TSOP/soar, ALBUMARTISTSORT/TSO2/soaa, ALBUMSORT/TSOA/soal).
    public var artistSort: String?
    public var albumArtistSort: String?
    public var albumSort: String?
    public var replayGain: ReplayGain?
    /// The first embedded picture whose bytes sit unaltered in the file; nil when the
    /// picture is unsynchronised, compressed or encrypted (its bytes are not a range).
    public var artwork: ArtworkLocation?
    /// The major version (2, 3 or 4) of the ID3v2 tag the file starts with; another
    /// number means a tag this reader skipped (see `problems`).
    public var id3v2Version: Int?
    public var hasID3v1 = false
    /// Damage found in the tags ("frame TALB runs past the end of the tag"): the good
    /// frames are kept, these say what was lost.
    public var problems: [String] = []

    public init() {}

    /// Fills the fields this tag lacks from `other` (an ID3v1 tag): this one wins.
    mutating func fillGaps(from other: TrackTags) {
        title = title ?? other.title
        artist = artist ?? other.artist
        album = album ?? other.album
        albumArtist = albumArtist ?? other.albumArtist
        if trackNumber == nil, trackTotal == nil {
            trackNumber = other.trackNumber
            trackTotal = other.trackTotal
        }
        if discNumber == nil, discTotal == nil {
            discNumber = other.discNumber
            discTotal = other.discTotal
        }
        if year == nil, date == nil {
            year = other.year
            date = other.date
        }
        if genres.isEmpty { genres = other.genres }
        compilation = compilation || other.compilation
        musicBrainzAlbumID = musicBrainzAlbumID ?? other.musicBrainzAlbumID
        replayGain = replayGain ?? other.replayGain
        artwork = artwork ?? other.artwork
    }

    /// The number of problems kept; a tag damaged in thousands of places says so once.
    static let maxProblems = 20

    mutating func note(_ problem: String) {
        if problems.count < Self.maxProblems {
            problems.append(problem)
        } else if problems.count == Self.maxProblems {
            problems.append("more problems not listed")
        }
    }
}
