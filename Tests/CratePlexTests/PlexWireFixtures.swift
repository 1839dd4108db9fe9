@testable import CratePlex
import CrateJSON
import CrateLibrary
import TestSupport

/// Payloads shaped like a real Plex Media Server's and plex.tv's (PLEX.md), quirks
/// included. `<<XX>>` in a fixture stands for the raw byte 0xXX, so Latin-1 text that
/// is not valid UTF-8 can be written down.
enum PlexWireFixtures {
    /// The fixture's bytes, with each `<<XX>>` replaced by the byte it names.
    static func bytes(_ text: String) -> [UInt8] { escapedBytes(text) }

    static func parse(_ text: String) throws -> JSONValue {
        try LenientJSON.parse(bytes(text))
    }

    /// `/library/sections`: one music section, a movie section with a numeric key, one
    /// entry without a key.
    static let sections = """
    {"MediaContainer": {"size": 3, "allowSync": false, "title1": "Plex Library",
      "Directory": [
        {"allowSync": true, "art": "/:/resources/artist-fanart.jpg", "key": "3", "type": "artist",
         "title": "Music", "agent": "tv.plex.agents.music", "uuid": "6a1c-music", "Location": [{"id": 2, "path": "/music"}]},
        {"key": 1, "type": "movie", "title": "Films"},
        {"type": "photo", "title": "Holiday"}
      ]}}
    """

    /// `/library/sections/3/all?type=9`: string counts, numeric and string ids, hoisted
    /// parentTitle, a missing year, a single Genre object instead of an array, Latin-1
    /// bytes in titles, unknown fields, an album without a ratingKey.
    static let albums = """
    {"MediaContainer": {"size": "4", "totalSize": "12", "offset": 8, "allowSync": true,
      "parentTitle": "Miles Davis", "parentRatingKey": 100, "viewGroup": "album", "librarySectionID": 3,
      "Metadata": [
        {"ratingKey": "1001", "key": "/library/metadata/1001/children", "parentRatingKey": "100",
         "guid": "plex://album/5d07bdd2", "type": "album", "title": "Kind of Blue", "parentTitle": "Miles Davis",
         "year": 1959, "originallyAvailableAt": "1959-08-17", "thumb": "/library/metadata/1001/thumb/1700000000",
         "addedAt": 1700000000, "updatedAt": "1700000500", "viewCount": "8", "lastViewedAt": 1700001000,
         "userRating": 10.0, "studio": "Columbia", "Genre": [{"tag": "Jazz"}, {"tag": "Modal Jazz"}],
         "Image": [{"alt": "Kind of Blue", "type": "coverPoster", "url": "/x"}], "flattenSeasons": null,
         "someFutureField": {"nested": [1, 2.5, {"deep": [true, null]}]}},
        {"ratingKey": 1002, "title": "Sketches of Spain", "Genre": {"tag": "Jazz"}, "leafCount": "5",
         "viewCount": 3.0, "userRating": "7.5"},
        {"title": "Bootleg Without Key", "parentTitle": "Miles Davis", "year": 1970},
        {"ratingKey": " 1003 ", "title": "Caf<<E9>> Society", "parentTitle": "Bj<<F6>>rk", "parentRatingKey": 200,
         "year": "2001", "Genre": [{"tag": "Electronic"}, {"tag": ""}, {}]}
      ]}}
    """

    /// `/library/metadata/1001/children`: the album's tracks with album fields hoisted to
    /// the container, no parentIndex anywhere except one track, mixed codecs and files.
    static let albumChildren = """
    {"MediaContainer": {"size": 10, "parentTitle": "Kind of Blue", "grandparentTitle": "Miles Davis",
      "parentRatingKey": "1001", "grandparentRatingKey": 100, "key": "1001", "viewGroup": "track",
      "Metadata": [
        {"ratingKey": 2001, "title": "So What", "index": 1, "duration": 562000, "addedAt": 1700000000,
         "updatedAt": 1700000100,
         "Media": [{"id": 9, "duration": 562000, "audioChannels": 2, "audioCodec": "mp3", "container": "mp3",
                    "Part": [{"id": 91, "key": "/library/parts/91/1474300012/file.mp3", "size": 13500000,
                              "container": "mp3", "file": "/music/So What.mp3"}]}]},
        {"ratingKey": "2002", "title": "Freddie Freeloader", "index": "2", "parentIndex": "2",
         "originalTitle": "Miles Davis & Wynton Kelly", "duration": "585000",
         "Media": [{"audioCodec": "flac", "container": "flac",
                    "Part": [{"key": "/library/parts/92/1474300012/file.flac", "size": "40000000"}]}]},
        {"ratingKey": 2003, "title": "Blue in Green", "index": 3,
         "Media": [{"audioCodec": "aac", "container": "mp4",
                    "Part": [{"key": "/library/parts/93/1474300012/file.m4a", "container": "mp4"}]}]},
        {"ratingKey": 2004, "title": "All Blues", "index": 4,
         "Media": [{"audioCodec": "aac", "container": "aac", "Part": [{"key": "/library/parts/94/file.aac"}]}]},
        {"ratingKey": 2005, "title": "Flamenco Sketches", "index": 5,
         "Media": [{"Part": [{"key": "/library/parts/95/file.MP3"}]}]},
        {"ratingKey": 2006, "title": "No Media Here", "index": 6},
        {"ratingKey": 2007, "title": "Part Without Key", "Media": [{"audioCodec": "mp3", "Part": [{"id": 97}]}]},
        {"title": "Track Without Key", "Media": [{"Part": [{"key": "/library/parts/98/file.mp3"}]}]},
        {"ratingKey": 2009, "title": "Two Versions", "index": 9,
         "Media": [{"audioCodec": "flac", "container": "flac", "Part": [{"key": "/library/parts/99/file.flac"}]},
                   {"audioCodec": "mp3", "container": "mp3", "Part": [{"key": "/library/parts/100/file.mp3"}]}]},
        "not an object"
      ]}}
    """

    /// `POST /api/v2/pins?strong=true` on plex.tv.
    static let pinCreated = """
    {"id": 1234567890, "code": "fk2xs9q8l0b3r7d6zzm1", "product": "Crate", "trusted": false,
     "qr": "https://plex.tv/api/v2/pins/qr/fk2xs9q8l0b3r7d6zzm1", "clientIdentifier": "crate-box-1",
     "location": {"code": "DE", "country": "Germany"}, "expiresIn": 900,
     "createdAt": "2024-05-01T10:00:00Z", "expiresAt": "2024-05-01T10:15:00Z", "authToken": null,
     "newRegistration": null}
    """

    /// `GET /api/v2/resources` on plex.tv: a bare array of devices.
    static let resources = """
    [
      {"name": "Basement NAS", "product": "Plex Media Server", "productVersion": "1.40.2.8395",
       "clientIdentifier": "f3b1c0ffee", "provides": "server", "owned": true, "accessToken": "server-token-1",
       "connections": [
         {"protocol": "https", "address": "192.168.1.20", "port": 32400, "local": true, "relay": false,
          "uri": "https://192-168-1-20.abc.plex.direct:32400", "IPv6": false},
         {"protocol": "https", "address": "203.0.113.5", "port": 32400, "local": "0", "relay": "0",
          "uri": "https://203-0-113-5.abc.plex.direct:32400"},
         {"protocol": "https", "relay": 1, "local": 0, "uri": "https://relay.plex.direct:8443"},
         {"protocol": "http", "address": "10.0.0.1", "local": true}
       ]},
      {"name": "Living Room TV", "product": "Plex for Android (TV)", "clientIdentifier": 778899,
       "provides": "client,player,pubsub-player", "connections": []},
      {"name": "Ghost", "provides": "server"}
    ]
    """
}
