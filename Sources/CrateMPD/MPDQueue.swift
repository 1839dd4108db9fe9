import CrateCore
import CrateRouter

/// The box's album queue seen track by track, as MPD's queue: the album playing, then
/// the albums queued by hand, each album's tracks in order. Song ids are the library's
/// track ids, so they stay the same while an album waits its turn.
struct MPDQueue {
    /// Indices into the catalog's songs, in queue order.
    var entries: [Int]
    /// Queue position of the track under the play head, if one is loaded.
    var current: Int?

    /// `queue`: the hand queue read for the player's track `player.currentIndex`.
    init(catalog: MPDCatalog, handQueue queue: HandQueue, player: PlayerStatus) {
        entries = []
        current = nil
        var seen = Set<Int64>()
        for album in [queue.current].compactMap({ $0 }) + queue.queued where seen.insert(album).inserted {
            entries += catalog.albums[album] ?? []
        }
        if let segment = queue.playing, let index = player.currentIndex {
            let offset = index - segment.startIndex
            current = entries.firstIndex {
                catalog.songs[$0].albumID == segment.albumID && catalog.songs[$0].indexInAlbum == offset
            }
        }
    }

    /// Identifies the queue's content, to tell when the playlist version must move on.
    var signature: [Int] { entries }

    /// Queue positions a `START:END` or `POS` argument names (END excluded, open ends allowed).
    func positions(_ argument: String?) throws(MPDError) -> Range<Int> {
        guard let argument else { return 0..<entries.count }
        let parts = argument.split(separator: ":", omittingEmptySubsequences: false)
        guard let start = Int(parts[0]), start >= 0 else { throw .argument("Integer expected: \(argument)") }
        if parts.count == 1 {
            guard start < entries.count else { throw .argument("Bad song index") }
            return start..<(start + 1)
        }
        let end = parts[1].isEmpty ? entries.count : Int(parts[1]) ?? -1
        guard parts.count == 2, end >= start else { throw .argument("Bad range: \(argument)") }
        guard start <= entries.count else { throw .argument("Bad song index") }
        return start..<min(end, entries.count)
    }

    /// The queue position of a song id.
    func position(ofID id: Int64, _ catalog: MPDCatalog) throws(MPDError) -> Int {
        guard let position = entries.firstIndex(where: { catalog.songs[$0].trackID == id }) else {
            throw .noExist("No such song")
        }
        return position
    }
}
