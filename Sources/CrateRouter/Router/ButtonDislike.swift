import CrateCore

/// A dislike made with the like button, kept for the moments a press may undo it: the
/// undo gives back what the dislike took.
struct ButtonDislike: Sendable {
    var album: Int64
    /// When it was made (monotonic seconds).
    var at: Double
    /// The album's like or nothing before the dislike: the undo gives it back.
    var replaced: AlbumOpinion
    /// Where a stop had left the album, when it was the stopped one: undone, play takes
    /// it up there again.
    var stopped: StoppedPlace?
    /// Where the album stood in the crate the dislike took it out of: undone, it is back
    /// there (a crate of one album is not left empty under the knob).
    var crateSlot: CrateSlot?
    /// A Plex album's rating on its server before the dislike: the undo puts it back.
    var serverRating: ServerRating = .notPlex
}

/// A Plex album's rating as last synced (nil: none), or not a Plex album.
enum ServerRating: Sendable {
    case notPlex
    case rated(Double?)
}

/// An album's place in a crate: which crate, at which position, with its reason.
struct CrateSlot: Sendable {
    var kind: CrateState.Kind
    var index: Int
    var item: CrateState.Item
}
