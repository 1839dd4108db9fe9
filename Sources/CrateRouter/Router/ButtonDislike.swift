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
}
