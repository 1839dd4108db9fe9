import CrateJSON

/// Plex and plex.tv answers, from a parsed body (`LenientJSON.parse`) to Crate's models.
///
/// List decoders throw only when the body has no MediaContainer at all; unusable items
/// go to the page's `skipped`. Single-object answers have throwing initialisers
/// (`PlexPin(json:)`) for a precise error, and optional forms here for callers that
/// only need to know whether it worked.
public enum PlexDecode {
    /// `/library/sections`.
    public static func sections(_ body: JSONValue) throws(PlexWireError) -> PlexPage<PlexSection> {
        try PlexMediaContainer(body).page("section") { item throws(PlexSkip) in try PlexSection(plexItem: item) }
    }

    /// `/library/sections/{id}/all?type=9`, `/library/collections/{key}/children`.
    public static func albums(_ body: JSONValue) throws(PlexWireError) -> PlexPage<PlexAlbum> {
        let container = try PlexMediaContainer(body)
        return container.page("album") { item throws(PlexSkip) in try PlexAlbum(plexItem: item, in: container) }
    }

    /// `/library/sections/{id}/all?type=10`, `/library/metadata/{albumKey}/children`.
    public static func tracks(_ body: JSONValue) throws(PlexWireError) -> PlexPage<PlexTrack> {
        let container = try PlexMediaContainer(body)
        return container.page("track") { item throws(PlexSkip) in try PlexTrack(plexItem: item, in: container) }
    }

    /// `/playlists/{ratingKey}/items`: playlist items are tracks.
    public static func playlistItems(_ body: JSONValue) throws(PlexWireError) -> PlexPage<PlexTrack> {
        try tracks(body)
    }

    /// `/library/sections/{id}/all?type=8`.
    public static func artists(_ body: JSONValue) throws(PlexWireError) -> PlexPage<PlexArtist> {
        try PlexMediaContainer(body).page("artist") { item throws(PlexSkip) in try PlexArtist(plexItem: item) }
    }

    /// `/library/sections/{id}/genre?type=9`.
    public static func genres(_ body: JSONValue) throws(PlexWireError) -> PlexPage<PlexGenre> {
        try PlexMediaContainer(body).page("genre") { item throws(PlexSkip) in try PlexGenre(plexItem: item) }
    }

    /// `/library/sections/{id}/collections`.
    public static func collections(_ body: JSONValue) throws(PlexWireError) -> PlexPage<PlexCollection> {
        try PlexMediaContainer(body).page("collection") { item throws(PlexSkip) in try PlexCollection(plexItem: item) }
    }

    /// `/playlists?playlistType=audio`.
    public static func playlists(_ body: JSONValue) throws(PlexWireError) -> PlexPage<PlexPlaylist> {
        try PlexMediaContainer(body).page("playlist") { item throws(PlexSkip) in try PlexPlaylist(plexItem: item) }
    }

    /// `/api/v2/resources` on plex.tv: a bare array, not a MediaContainer. Devices without
    /// a clientIdentifier are in `skipped`.
    public static func resourcePage(_ body: JSONValue) throws(PlexWireError) -> PlexPage<PlexResource> {
        guard case .array(let devices) = body else {
            if let message = PlexErrorBody.message(in: body) { throw .serverSaid(message) }
            throw .unexpectedShape(expected: "an array of resources", found: body.kindDescription)
        }
        // Reuse the container's paging and skip bookkeeping over a synthetic container.
        let container = PlexMediaContainer(uncheckedFields: .object(JSONObject([("Metadata", .array(devices))])))
        return container.page("resource") { item throws(PlexSkip) in try PlexResource(plexItem: item) }
    }

    public static func resources(_ body: JSONValue) throws(PlexWireError) -> [PlexResource] {
        try resourcePage(body).items
    }

}
