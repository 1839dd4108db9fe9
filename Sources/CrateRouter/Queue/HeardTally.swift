import CrateCore

/// How much of each track in the player's list was actually heard, so an album skipped
/// through is not taken for one heard to its end. Only the play head's own progress
/// counts: a track left by hand (next, previous, a seek, a stop) counts up to where it
/// was left, a track that ends by itself counts to its end.
struct HeardTally: Sendable {
    /// Seconds heard, by index in the player's list.
    private(set) var heard: [Int: Double] = [:]
    /// Player indices whose track played to its end by itself.
    private(set) var endedByItself: Set<Int> = []
    /// The track under the head and the position it has been heard from; nil after a
    /// move by hand until the next event says where the head went.
    private var track: Int?
    private var from = 0.0

    /// The rule (README, "Albums, crates and the queue"): the last track played to its
    /// end, and at least this share of the album's length heard.
    static let shareHeard = 0.5

    /// The listener moves the head: what was heard of the track so far counts, the rest
    /// of it does not.
    mutating func leftByHand(_ status: PlayerStatus) {
        if let track, status.currentIndex == track { heard[track, default: 0] += max(0, status.position - from) }
        track = nil
    }

    /// A player event: where the head is now. A track the head left with no hand on it
    /// (the next one started, or the list ended) was heard to its end.
    mutating func observe(_ status: PlayerStatus) {
        let index = status.currentIndex
        if let track, index != track {
            let length = status.tracks.indices.contains(track) ? status.tracks[track].duration ?? from : from
            heard[track, default: 0] += max(0, length - from)
            endedByItself.insert(track)
        }
        if let index {
            if index != track { (track, from) = (index, status.position) }
        } else {
            track = nil
        }
    }

    /// Tracks before `index` are no longer in the session's map: their tally goes too.
    mutating func forget(before index: Int) {
        heard = heard.filter { $0.key >= index }
        endedByItself = endedByItself.filter { $0 >= index }
    }

    /// What was heard of a list resumed after a stop (the same album at the same indices).
    mutating func carry(_ earlier: HeardTally) {
        heard.merge(earlier.heard, uniquingKeysWith: +)
        endedByItself.formUnion(earlier.endedByItself)
    }

    /// `segment` heard to its end: its last track played out, and enough of it was heard.
    /// The player knows the lengths of the tracks it opened; `albumLengths` (the library's,
    /// by track of the album) gives the others, so an album started at its last track is
    /// measured whole.
    func heardToTheEnd(_ segment: AlbumSegment, lengths: [TrackStatus], albumLengths: [Double]) -> Bool {
        let range = segment.startIndex..<(segment.startIndex + segment.trackCount)
        guard endedByItself.contains(range.upperBound - 1) else { return false }
        let length = range.reduce(0.0) { sum, index in
            let offset = index - segment.startIndex
            let opened = lengths.indices.contains(index) ? lengths[index].duration : nil
            return sum + (opened ?? (albumLengths.indices.contains(offset) ? albumLengths[offset] : 0))
        }
        let got = range.reduce(0.0) { $0 + (heard[$1] ?? 0) }
        return got >= length * Self.shareHeard
    }
}
