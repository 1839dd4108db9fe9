import CrateCore
import CrateLibrary
import Glibc
import Synchronization

/// What this run of the daemon has offered and passed over, so a crate that grows never
/// offers an album twice, and `status` can say which albums auto-advance had to skip.
/// In memory only: a new run is a new session.
final class SessionOffers: Sendable {
    struct State {
        /// Every album the crate under the knob has held since it was made, and every album
        /// that played this session: growth adds none of them.
        var offered = Set<Int64>()
        /// Albums that played this session: still kept out of a new crate's growth.
        var played = Set<Int64>()
        /// Albums auto-advance found unplayable (offline and not downloaded, …): never
        /// offered again this session.
        var passedOver = Set<Int64>()
        /// Why, latest last, for `status`.
        var notes: [String] = []
    }

    static let notesKept = 10
    let state: RouterOwned<State>

    init(on executor: RouterExecutor) {
        state = RouterOwned(State(), on: executor)
    }

    var passedOver: Set<Int64> { state.access { $0.passedOver } }
    var notes: [String] { state.access { $0.notes } }

    func offer<S: Sequence>(_ ids: S) where S.Element == Int64 {
        state.access { $0.offered.formUnion(ids) }
    }

    /// An album started playing: offered, in this crate and the next.
    func offerPlayed(_ id: Int64) {
        state.access { s in
            s.offered.insert(id)
            s.played.insert(id)
        }
    }

    /// A new crate (a dial turn, another crate): what other crates offered may grow this
    /// one; only its own albums and those that played are kept out.
    func startOver<S: Sequence>(with ids: S) where S.Element == Int64 {
        state.access { s in s.offered = s.played.union(ids) }
    }

    func passOver(_ id: Int64, because reason: String) {
        state.access { s in
            s.passedOver.insert(id)
            s.notes = (s.notes + [reason]).suffix(Self.notesKept)
        }
    }
}

/// Crates that never run out: at the end of a Wall or genre crate the crate grows by
/// another crate's worth of albums from the same blend, none offered before this session.
/// When the whole scope has been offered, a new round starts that leaves out only the
/// albums heard lately, so music goes on until stopped.
extension AlbumSession {
    /// Albums left in the crate after the one it has got to, before it grows.
    static let growWhenLeft = 2

    /// Grows the crate when an album starts near its end (by auto-advance or by hand).
    func growCrateIfNearEnd() {
        let left = state.access { s -> Int in
            let skip = offers.passedOver
            var count = 0, after = s.crateAnchor
            while count <= Self.growWhenLeft, let next = s.crate.album(after: after, skipping: skip) {
                count += 1
                after = next
            }
            return count
        }
        if left <= Self.growWhenLeft { _ = growCrate() }
    }

    /// Appends a batch of new albums to a Wall or genre crate; false when it cannot grow
    /// (another kind of crate, one never made, or nothing in its scope can play).
    /// `newRound` false (the knob browsing): when everything in scope was offered, the
    /// crate does not start over, so browsing stops at its end instead of jumping back.
    @discardableResult
    func growCrate(newRound allowNewRound: Bool = true) -> Bool {
        // What is loaded or waiting now, and what was heard lately.
        let (crate, loaded, recent) = state.access { s in
            (s.crate, Set((s.current.map { [$0] } ?? []) + s.queued + s.segments.map(\.albumID)),
             Set(s.played.suffix(maker.size)))
        }
        // A crate never made (an album played from the library list, before the knob
        // was touched) is not started by auto-advance: that album plays alone, as before.
        guard !crate.items.isEmpty else { return false }
        switch crate.kind {
        case .wall, .genre, .genres: break
        default: return false
        }
        var seen = offers.state.access { $0.offered.union($0.passedOver) }
        seen.formUnion(crate.items.map(\.albumID))
        seen.formUnion(loaded)
        seen.formUnion(recent)
        var grown = crate
        grown.seed = crate.seed &* 6_364_136_223_846_793_005 &+ UInt64(crate.items.count) &+ 1
        do {
            var result = try maker.blend(grown, size: maker.size, excluding: seen)
            var newRound = false
            if result.entries.isEmpty && allowNewRound {
                // Everything in scope was offered: a new round, leaving out what was
                // heard lately (and what cannot play).
                let lately = recent.union(loaded)
                result = try maker.blend(grown, size: maker.size, excluding: lately.union(offers.passedOver))
                if !result.entries.isEmpty {
                    logger.info("crate: every album of it was offered this session; starting over")
                    offers.state.access { $0.offered = lately }
                    newRound = true
                }
            }
            guard !result.entries.isEmpty else {
                logger.info("crate: nothing left to grow it with")
                return false
            }
            let added = result.entries.map { CrateState.Item(albumID: $0.albumID, reason: $0.signal.rawValue) }
            state.access { s in
                // Grown only if no one replaced the crate meanwhile (a dial turn, a new genre).
                guard s.crate.seed == crate.seed, s.crate.kind == crate.kind else { return }
                // A new round is a new crate: appended, its albums would be in the
                // crate twice and "the album after" ambiguous.
                if newRound {
                    s.crate.items = added
                    s.crate.cursor = 0
                } else {
                    s.crate.items += added
                }
            }
            offers.offer(added.map(\.albumID))
            logger.info("crate grew by \(added.count) albums (\(crate.kind))")
        } catch {
            logger.error("crate: could not grow: \(error)")
            return false
        }
        save()
        return true
    }

    /// Auto-advance's pick when the album it chose cannot play now: passed over for the
    /// rest of the session and said in `status`.
    func passOver(_ id: Int64, because error: any Error) {
        logger.warning("auto-advance: skipping album \(id): \(error)")
        offers.passOver(id, because: "\(error)")
    }

    var skippedForStatus: [String] { offers.notes }
}
