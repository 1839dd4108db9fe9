/// A Plex collection or audio playlist as kept between syncs: its title and its albums'
/// library keys, in its order (a playlist's tracks stand for their albums, once each).
public struct PlexAlbumList: Sendable, Codable, Equatable {
    public var title: String
    public var albumKeys: [String]
    public init(title: String, albumKeys: [String]) {
        self.title = title
        self.albumKeys = albumKeys
    }
}
