@testable import CrateLibrary
import CrateCore
import CratePosix
import Dispatch
import Synchronization
import XCTest

/// WAL lets the knob browse while a scan writes; batches stay fast at library scale.
final class StoreConcurrencyTests: StoreTestCase {
    /// `albums` albums of `tracksPerAlbum` tracks, spread over the super-genres.
    static func library(albums: Int, tracksPerAlbum: Int = 10) -> [FileRecord] {
        let genres = ["Rock", "Jazz", "Pop", "Metal", "Blues", "Electronic/Dance", "Folk/Acoustic", "Classical/Ambient",
                      "Country", "Hip-Hop/Rap"]
        return (0..<albums).flatMap { a in
            (1...tracksPerAlbum).map { t in
                track("/music/Artist \(a % 397)/Album \(a)/\(t).mp3", album: "album \(a)", artist: "Artist \(a % 397)",
                      albumTitle: "Album \(a)", number: t, year: 1960 + a % 60, superGenre: genres[a % genres.count],
                      subGenre: "Sub \(a % 7)")
            }
        }
    }

    func testReadersSeeWholeBatchesWhileTheWriterApplies() throws {
        let store = try openStore()
        let records = Self.library(albums: 200)
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            do {
                if worker == 0 {
                    for batch in stride(from: 0, to: records.count, by: 100) {
                        try store.apply(upserts: Array(records[batch..<batch + 100]), deletions: [])
                    }
                } else {
                    var last = 0
                    for _ in 0..<200 {
                        let albums = try store.albums()
                        // Batches hold whole albums of 10: a reader never sees half of one.
                        if albums.contains(where: { $0.trackCount != 10 }) { failures.withLock { $0.append("partial album") } }
                        if albums.count < last { failures.withLock { $0.append("went back") } }
                        last = albums.count
                    }
                }
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        XCTAssertEqual(failures.withLock { $0 }, [])
        XCTAssertEqual(try store.albums().count, 200)
    }

    func testTwentyThousandFilesInBatchesAndAGenreListingAreFast() throws {
        let store = try openStore()
        let records = Self.library(albums: 2000)
        XCTAssertEqual(records.count, 20_000)
        let start = MonotonicClock.now()
        for batch in stride(from: 0, to: records.count, by: 500) {
            try store.apply(upserts: Array(records[batch..<batch + 500]), deletions: [])
        }
        let applySeconds = MonotonicClock.now() - start
        // Again, as an unchanged rescan of every file would.
        let again = MonotonicClock.now()
        for batch in stride(from: 0, to: records.count, by: 500) {
            try store.apply(upserts: Array(records[batch..<batch + 500]), deletions: [])
        }
        let reapplySeconds = MonotonicClock.now() - again

        _ = try store.albums(superGenre: "Rock")
        var best = Double.infinity
        var count = 0
        for _ in 0..<5 {
            let listStart = MonotonicClock.now()
            count = try store.albums(superGenre: "rock").count
            best = min(best, MonotonicClock.now() - listStart)
        }
        let artistStart = MonotonicClock.now()
        let byArtist = try store.albums(artist: "artist 5")
        let artistSeconds = MonotonicClock.now() - artistStart
        XCTAssertEqual(byArtist.count, 6)
        print("store benchmark: albums by one artist in \(artistSeconds * 1000) ms")
        print("store benchmark: 20,000 upserts in \(applySeconds) s, again in \(reapplySeconds) s; "
              + "\(count) Rock albums of 2,000 listed in \(best * 1000) ms")
        XCTAssertEqual(count, 200)
        XCTAssertEqual(try store.stats(lastScan: nil).albums, 2000)
        // Loose bounds: debug builds on a loaded machine; release is several times faster.
        XCTAssertLessThan(applySeconds, 20)
        XCTAssertLessThan(best, 0.05)
    }
}
