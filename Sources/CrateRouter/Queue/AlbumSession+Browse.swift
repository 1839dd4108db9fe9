import CrateCore
import CratePosix
import Glibc
import CrateLibrary

/// The knob's side of the crate: the cursor it moves, the album it plays, the genre
/// crates it cycles through.
extension AlbumSession {
    /// Where a turn of the knob left the cursor: the album under it, and whether the turn
    /// went past an end (the crate's first album, or its last when it cannot grow).
    struct KnobStop {
        var index: Int
        var count: Int
        var album: Int64
        var atStart = false
        var atEnd = false
    }

    /// Moves the crate cursor by `delta` albums. Past the last album a Wall or genre crate
    /// grows (the growth auto-advance uses, without starting a new round: browsing shows
    /// each album once); a crate that cannot grow, and the first album, stop the knob
    /// (it never wraps round). `fromCurrent` (the first click out of now-playing) starts
    /// from the album playing when it is in this crate; otherwise a browse starts just
    /// before the album under the cursor, so the first click forward shows that album (a
    /// fresh crate's first), not the one after it. The cursor is kept in memory only: a
    /// click is no reason to write to the SD card (a growth is saved, as auto-advance's).
    func moveCursor(by delta: Int, fromCurrent: Bool) throws -> KnobStop {
        try ensureCrate()
        let (start, count) = state.access { s -> (Int, Int) in
            let count = s.crate.items.count
            var start = min(max(s.crate.cursor, 0), max(count - 1, 0))
            if fromCurrent, let current = s.current, let index = s.crate.items.firstIndex(where: { $0.albumID == current }) {
                start = index
            } else if fromCurrent, delta > 0 {
                start -= 1
            }
            return (start, count)
        }
        guard count > 0 else { throw RouterError("the crate is empty: scan the library first") }
        let target = start + delta
        var size = count
        while target >= size, growPastBrowseEnd() {
            size = state.access { $0.crate.items.count }
        }
        return try state.access { s in
            let count = s.crate.items.count
            guard count > 0 else { throw RouterError("the crate is empty: scan the library first") }
            let index = min(max(target, 0), count - 1)
            s.crate.cursor = index
            return KnobStop(index: index, count: count, album: s.crate.items[index].albumID,
                            atStart: target < 0, atEnd: target >= count)
        }
    }

    /// Grows the crate for someone browsing past its last album (the knob, crate-web's
    /// wall): auto-advance's growth without a new round, so each album shows once and a
    /// crate whose scope was all offered ends. False when nothing could be added.
    func growPastBrowseEnd() -> Bool {
        growCrate(newRound: false)
    }

    /// `album`'s place in the crate under the knob, if it is there.
    func crateSlot(of album: Int64) -> CrateSlot? {
        state.access { s in
            s.crate.items.firstIndex { $0.albumID == album }.map { CrateSlot(kind: s.crate.kind, index: $0, item: s.crate.items[$0]) }
        }
    }

    /// A dislike undone: the album is back where it stood in the crate it left (when the
    /// knob is still in that crate), under the knob if the crate had nothing else.
    func putBack(_ slot: CrateSlot) {
        state.access { s in
            guard s.crate.kind == slot.kind, !s.crate.items.contains(where: { $0.albumID == slot.item.albumID }) else { return }
            let index = min(slot.index, s.crate.items.count)
            s.crate.items.insert(slot.item, at: index)
            if s.crate.items.count == 1 || s.crate.cursor > index { s.crate.cursor = index }
        }
        save()
    }

    /// The crate under the knob is empty and is not the Wall (its last album disliked):
    /// the knob goes to the Crate Wall. False when there was nothing to leave.
    func leaveEmptiedCrate() throws -> Bool {
        let (empty, kind) = state.access { ($0.crate.items.isEmpty, $0.crate.kind) }
        guard empty, kind != .wall else { return false }
        try switchCrate(to: .wall)
        return true
    }

    /// Plays the album under the knob from track 1; the crate goes on from there.
    func playCursor() throws -> Int64 {
        let album = try albumUnderKnob()
        try play(album: album)
        return album
    }

    /// The album the browse screen shows.
    func albumUnderKnob() throws -> Int64 {
        try ensureCrate()
        let album = state.access { s -> Int64? in
            s.crate.items.isEmpty ? nil : s.crate.items[min(max(s.crate.cursor, 0), s.crate.items.count - 1)].albumID
        }
        guard let album else { throw RouterError("the crate is empty: scan the library first") }
        return album
    }

    /// Play/pause for a box with one button: pause or resume what is loaded; after a stop,
    /// the stopped album again; with nothing playing (idle, or an error), the album under
    /// the knob.
    func togglePlay() throws -> String {
        let before = player.status().state
        switch before {
        case .paused where try playOnAfterSleep():
            return "play album \(state.access { $0.current }.map(String.init) ?? "none")"
        case .playing, .buffering, .paused:
            try player.toggle()
            // The player reports the new state once the writer has faded in or out (a few
            // ms); wait for it so the answer, and the next press, see where things are.
            return player.waitForState(otherThan: before, timeout: 2).name
        case .idle, .error:
            if try resumeStopped(), let album = state.access({ $0.current }) { return "play album \(album) again" }
            return "play album \(try playCursor())"
        }
    }

    /// The genre button: Crate → each super-genre that has albums → Crate.
    func cycleGenre() throws -> (name: String, count: Int) {
        let present = Set(try library.store.genres().filter { $0.subGenre == nil && $0.albumCount > 0 }.map(\.superGenre))
        let order = SuperGenre.allCases.map(\.rawValue).filter(present.contains)
        let kind = state.access { $0.crate.kind }
        let next: CrateState.Kind
        switch kind {
        case .genre(let name):
            if let index = order.firstIndex(of: name), index + 1 < order.count {
                next = .genre(order[index + 1])
            } else {
                next = .wall
            }
        default:
            next = order.first.map { .genre($0) } ?? .wall
        }
        try switchCrate(to: next)
        let count = state.access { $0.crate.items.count }
        if case .genre(let name) = next { return (name, count) }
        return ("Crate", count)
    }
}
