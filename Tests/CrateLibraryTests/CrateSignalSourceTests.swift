@testable import CrateLibrary
import CrateCore
import XCTest

/// Signals from a real store: what a new box offers, what likes and plays change.
final class CrateSignalSourceTests: StoreTestCase {
    func makeLibrary(_ store: LibraryStore) throws -> [String: Int64] {
        var records: [FileRecord] = []
        for (i, (artist, sub)) in [("Miles", "Bebop"), ("Miles", "Modal"), ("Coltrane", "Bebop"),
                                    ("Band", nil), ("Other", nil), ("Late", nil)].enumerated() {
            records += albumTracks("/music/a\(i)", key: "k\(i)", artist: artist, title: "Album \(i)",
                                   superGenre: sub == nil ? "Rock" : "Jazz", subGenre: sub)
        }
        try store.apply(upserts: records, deletions: [])
        return Dictionary(uniqueKeysWithValues: try store.albums().map { ($0.title, $0.id) })
    }

    func testANewBoxFillsTheCrateFromNewArrivalsAndTheWildCard() throws {
        let store = try openStore()
        _ = try makeLibrary(store)
        let candidates = try CrateSignalSource.candidates(store: store, scope: .all, seed: 7)
        XCTAssertEqual(candidates[.history], [])
        XCTAssertEqual(candidates[.favorites], [])
        XCTAssertEqual(candidates[.popular], [])
        XCTAssertEqual(candidates[.newArrivals].count, 6)
        XCTAssertEqual(candidates[.wildCard].count, 6)
        let crate = CrateWall.generate(candidates: candidates, dial: .myCrate, size: 6, seed: 7)
        XCTAssertEqual(Set(crate.entries.map(\.albumID)).count, 6)
        XCTAssertTrue(crate.redistributed.contains { $0.hasPrefix("history") }, "\(crate.redistributed)")
    }

    func testLikesPlaysAndDislikesShapeTheSignals() throws {
        let store = try openStore()
        let ids = try makeLibrary(store)
        try store.setOpinion(.liked, albumKey: "k0")
        try store.setOpinion(.disliked, albumKey: "k4")
        try store.recordPlay(albumKey: "k3", completed: false, at: 1_000)
        try store.recordPlay(albumKey: "k3", completed: true, at: 1_000)
        try store.recordPlay(albumKey: "k5", completed: false, at: 2_000)
        let c = try CrateSignalSource.candidates(store: store, scope: .all, seed: 1, now: 2_000)
        XCTAssertEqual(c.excluded, [ids["Album 4"]!])
        XCTAssertEqual(c[.history].first, ids["Album 3"], "a completed play outweighs a newer start")
        XCTAssertEqual(c[.favorites].first, ids["Album 0"], "the liked album first")
        XCTAssertEqual(c[.favorites][1], ids["Album 1"], "then the same artist's other album")
        XCTAssertEqual(c[.favorites].last, ids["Album 2"], "then the same sub-category")
        XCTAssertEqual(Set(c[.wildCard].prefix(4)), Set([0, 1, 2, 4].map { ids["Album \($0)"]! }), "never played first")

        // Likes and dislikes exclude each other.
        try store.setOpinion(.liked, albumKey: "k4")
        XCTAssertEqual(try store.userStates()["k4"]?.opinion, .liked)
        let jazz = try CrateSignalSource.candidates(store: store, scope: .superGenre("Jazz"), seed: 1, now: 2_000)
        XCTAssertEqual(Set(jazz[.newInGenre]), Set([0, 1, 2].map { ids["Album \($0)"]! }), "a genre crate has its own signals")
        XCTAssertEqual(jazz[.newArrivals], [])
    }

    /// Rows are cached between dial turns, but a like, a play or a scan is seen at once.
    func testCachedRowsFollowEveryChange() throws {
        let store = try openStore()
        let ids = try makeLibrary(store)
        XCTAssertEqual(try CrateSignalSource.candidates(store: store, scope: .all, seed: 1)[.favorites], [])
        try store.setOpinion(.liked, albumKey: "k5")
        XCTAssertEqual(try CrateSignalSource.candidates(store: store, scope: .all, seed: 1)[.favorites].first, ids["Album 5"])
        try store.recordPlay(albumKey: "k2", completed: true, at: 10)
        XCTAssertEqual(try CrateSignalSource.candidates(store: store, scope: .all, seed: 1, now: 10)[.history], [ids["Album 2"]!])
        try store.apply(upserts: albumTracks("/music/new", key: "k9", artist: "New", title: "New"), deletions: [])
        XCTAssertEqual(try CrateSignalSource.candidates(store: store, scope: .all, seed: 1)[.newArrivals].count, 7)
    }
}
