/// A copy of user.sqlite (likes, dislikes, play history, the saved queue and settings)
/// made by `backup` or brought back by `restore`, with what it holds.
public struct UserDataCopy: Sendable, Codable, Equatable {
    public var file: String
    public var likes: Int
    public var dislikes: Int
    /// Albums with at least one play recorded.
    public var albumsPlayed: Int
    public var bytes: Int
    /// `restore`: where the user data it replaced was kept.
    public var previous: String?

    public init(file: String, likes: Int, dislikes: Int, albumsPlayed: Int, bytes: Int, previous: String? = nil) {
        self.file = file
        self.likes = likes
        self.dislikes = dislikes
        self.albumsPlayed = albumsPlayed
        self.bytes = bytes
        self.previous = previous
    }
}
