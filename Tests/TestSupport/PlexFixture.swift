import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The Plex stand-in (Tests/Fixtures/plex_fixture.py) on 127.0.0.1: plex.tv's PIN
/// sign-in and a Media Server with the quirks of PLEX.md, serving real MP3 files.
public final class PlexFixture {
    private let server: FixtureServer
    public var process: Process { server.process }
    public var port: Int { server.port }
    public var url: String { "http://127.0.0.1:\(port)" }
    public static let token = "fixture-token-123"
    public static let machine = "fixture-machine"

    public init() throws { server = try FixtureServer(script: "plex_fixture.py") }

    /// An album as the fixture serves it: tracks are real files.
    public struct Album {
        public var ratingKey: Int
        public var title: String
        public var artist: String
        public var year: Int?
        public var genres: [String]
        public var tracks: [(title: String, file: String)]
        public var container = "mp3"
        /// The cover's colour (0xRRGGBB): the album gets a `thumb`, and the photo
        /// transcoder serves a PNG of that colour. nil: no thumb.
        public var cover: UInt32?
        /// The owner's history on the server (left out of the JSON when nil, as servers do).
        public var viewCount: Int?
        public var lastViewedAt: Int?
        public var userRating: Double?
        /// Default: the load's `updatedAt` minus the album's place in the list.
        public var addedAt: Int?
        /// The `index` of the first track (an album the server split: the second half's
        /// tracks go on numbering).
        public var firstTrackNumber = 1
        public init(ratingKey: Int, title: String, artist: String, year: Int? = nil, genres: [String] = [],
                    tracks: [(title: String, file: String)], container: String = "mp3", cover: UInt32? = nil) {
            self.cover = cover
            self.ratingKey = ratingKey
            self.title = title
            self.artist = artist
            self.year = year
            self.genres = genres
            self.tracks = tracks
            self.container = container
        }
    }

    /// Loads a music section with `albums`, shaped as real servers shape them: ids as
    /// strings here and numbers there, `year` and `parentIndex` missing when nil, sizes.
    public func load(_ albums: [Album], playlists: [(title: String, trackKeys: [Int])] = [],
                     collections: [(title: String, albumKeys: [Int])] = [], updatedAt: Int = 1_700_000_000) throws {
        var albumItems: [[String: Any]] = [], trackItems: [[String: Any]] = []
        for (n, album) in albums.enumerated() {
            var item: [String: Any] = ["ratingKey": n % 2 == 0 ? "\(album.ratingKey)" : album.ratingKey,
                                       "title": album.title, "parentTitle": album.artist, "type": "album",
                                       "addedAt": updatedAt - n, "updatedAt": updatedAt, "leafCount": "\(album.tracks.count)",
                                       "Genre": album.genres.map { ["tag": $0] }]
            if let year = album.year { item["year"] = year }
            if let cover = album.cover {
                item["thumb"] = "/library/metadata/\(album.ratingKey)/thumb/\(updatedAt)"
                item["_cover"] = [Int(cover >> 16 & 0xFF), Int(cover >> 8 & 0xFF), Int(cover & 0xFF)]
            }
            // Counts as text here and numbers there, as real servers send them.
            if let views = album.viewCount { item["viewCount"] = n % 2 == 0 ? "\(views)" : views }
            if let last = album.lastViewedAt { item["lastViewedAt"] = last }
            if let rating = album.userRating { item["userRating"] = rating }
            if let added = album.addedAt { item["addedAt"] = added }
            albumItems.append(item)
            for (index, track) in album.tracks.enumerated() {
                let key = album.ratingKey * 100 + index + 1
                let size = (try FileManager.default.attributesOfItem(atPath: track.file)[.size] as? Int) ?? 0
                var t: [String: Any] = [
                    "ratingKey": "\(key)", "parentRatingKey": album.ratingKey, "title": track.title,
                    "parentTitle": album.title, "grandparentTitle": album.artist, "index": index + album.firstTrackNumber,
                    "duration": 1000, "updatedAt": updatedAt, "type": "track",
                    "Media": [["container": album.container, "audioCodec": album.container,
                               "Part": [["key": "/library/parts/\(key)/\(updatedAt)/file.\(album.container)",
                                         "size": size, "container": album.container]]]],
                    "_file": track.file,
                ]
                if index > 0 { t["parentIndex"] = "1" }  // sometimes absent, sometimes a string
                trackItems.append(t)
            }
        }
        let library: [String: Any] = [
            "sections": [["key": "3", "title": "Music", "type": "artist"], ["key": "1", "title": "Movies", "type": "movie"]],
            "albums": albumItems, "tracks": trackItems,
            "collections": collections.enumerated().map { n, collection in
                ["ratingKey": "\(700 + n)", "title": collection.title, "childCount": "\(collection.albumKeys.count)",
                 "items": collection.albumKeys.map(String.init)] as [String: Any]
            },
            "playlists": playlists.enumerated().map { n, playlist in
                ["ratingKey": "\(500 + n)", "title": playlist.title, "playlistType": "audio",
                 "leafCount": playlist.trackKeys.count, "items": playlist.trackKeys.map(String.init)] as [String: Any]
            },
        ]
        try post("/__fixture/library", library)
    }

    /// Sets the fixture's misbehaviour (see plex_fixture.py): down, throttle, fail5xx, slow, cut_parts.
    public func mode(_ mode: [String: Any]) throws { try post("/__fixture/mode", mode) }

    /// The next PIN poll gets a token, as if the code had been entered at plex.tv/link.
    public func approvePin() throws { try post("/__fixture/approve", [:]) }

    /// Answers the PIN requests `hold_pins` holds.
    public func releaseHeldPins() throws { try post("/__fixture/release", [:]) }

    /// How many PIN requests are held now with their client still waiting.
    public func heldPins() throws -> Int {
        let data = try Data(contentsOf: URL(string: url + "/__fixture/held")!)
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["held"] as? Int ?? -1
    }

    /// Requests the photo transcoder has had (each with its query).
    public func coverRequests() throws -> [[String: Any]] {
        try log().filter { $0["path"] as? String == "/photo/:/transcode" }
    }

    /// Every request seen so far.
    public func log() throws -> [[String: Any]] {
        let data = try Data(contentsOf: URL(string: url + "/__fixture/log")!)
        return (try JSONSerialization.jsonObject(with: data) as? [[String: Any]]) ?? []
    }

    private func post(_ path: String, _ body: Any) throws { try server.post(path, body) }
}
