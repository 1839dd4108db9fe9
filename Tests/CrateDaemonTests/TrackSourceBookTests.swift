import CrateAudio
@testable import CrateDaemon
@testable import CrateRouter
import Logging
import Synchronization
import XCTest

/// The engine's resolver answers from memory: Plex tracks are looked up when they are
/// noted (before the player gets them), and again on refresh, never when asked.
final class TrackSourceBookTests: XCTestCase {
    let first = "plex://machine/101"
    let second = "plex://machine/102"

    func testNotedTracksAreAnsweredWithoutALookupAndRefreshSeesACompletedCopy() {
        let lookups = Mutex<[String]>([])
        let downloaded = Atomic<Bool>(false)
        let book = TrackSourceBook(logger: Logger(label: "book")) { path in
            lookups.withLock { $0.append(path) }
            return downloaded.load(ordering: .relaxed) ? .file("/cache/\(path.suffix(3)).mp3") : .unavailable("streaming")
        }
        book.note(["/music/local.mp3", first, second])
        XCTAssertEqual(lookups.withLock { $0 }, [first, second], "local files are never looked up")
        lookups.withLock { $0.removeAll() }

        guard case .unavailable? = book.source(for: first) else { return XCTFail("the noted answer") }
        XCTAssertNil(book.source(for: "/music/local.mp3"))
        XCTAssertEqual(lookups.withLock { $0 }, [], "answered from memory")
        XCTAssertEqual(book.missCount, 0)

        downloaded.store(true, ordering: .relaxed)
        book.refresh()
        guard case .file(let file)? = book.source(for: second) else { return XCTFail("the copy, once complete") }
        XCTAssertEqual(file, "/cache/102.mp3")
    }

    /// A new list replaces the book: what the player can no longer open is not kept,
    /// nor looked up again at each refresh.
    func testANewListReplacesTheBook() {
        let lookups = Mutex<[String]>([])
        let book = TrackSourceBook(logger: Logger(label: "book")) { path in
            lookups.withLock { $0.append(path) }
            return .file("/cache/x.mp3")
        }
        book.note([first])
        book.replace(with: [second])
        lookups.withLock { $0.removeAll() }
        book.refresh()
        XCTAssertEqual(lookups.withLock { $0 }, [second])
        guard case .file? = book.source(for: first) else { return XCTFail("still playable, looked up") }
        XCTAssertEqual(book.missCount, 1, "the old list's track was not kept")
    }

    func testATrackNotNotedIsStillPlayableAndCounted() {
        let book = TrackSourceBook(logger: Logger(label: "book")) { _ in .file("/cache/x.mp3") }
        guard case .file? = book.source(for: first) else { return XCTFail("looked up as a last resort") }
        XCTAssertEqual(book.missCount, 1)
    }
}
