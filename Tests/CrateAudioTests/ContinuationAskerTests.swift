import CrateAudio
import CrateCore
import Foundation
import Synchronization
import TestSupport
import XCTest

/// The engine never waits for the router to say what follows: the question goes to
/// `crate-advance`, and the engine serves commands until the answer comes back.
final class ContinuationAskerTests: XCTestCase {
    var dir = ""
    var tracks: [String] = []

    override func setUpWithError() throws {
        dir = try AudioFixtures.temporaryDirectory("continuation-asker")
        tracks = try makeAlbum(AudioFixtures.sweep(rate: 44100, seconds: 3), cuts: [44100 + 13, 88200 + 501], rate: 44100,
                               encodings: [.cbr(kbps: 128)], in: dir)
    }

    override func tearDownWithError() throws { try FileManager.default.removeItem(atPath: dir) }

    /// Paced by the clock, as a card would be: the music is still being heard while
    /// the question waits.
    func player(_ name: String) -> (Player, String) {
        let capture = "\(dir)/\(name).raw"
        let settings = AudioOutputSettings(device: "file:FILE=\(capture),FORMAT=raw", clockPaced: true)
        return (Player(settings: settings, logger: testLogger()), capture)
    }

    /// A router stuck on a locked database (here: a provider held until the test lets it
    /// go) holds up nothing: the engine answers, pauses and resumes meanwhile, and once
    /// the answer comes the next album still follows without a sample lost.
    func testAStuckContinuationNeverHoldsUpTheEngine() throws {
        let (player, capture) = player("stuck")
        defer { player.shutdown() }
        let release = DispatchSemaphore(value: 0)
        let asked = Atomic<Int>(0)
        let lengths = Mutex<[Int]>([])
        let threads = Mutex<Set<String>>([])
        player.setContinuation { [tracks] length in
            lengths.withLock { $0.append(length) }
            threads.withLock { _ = $0.insert(currentThreadName()) }
            guard asked.add(1, ordering: .relaxed).oldValue == 0 else { return nil }
            release.wait()
            return Array(tracks[2...])
        }
        try player.play(paths: Array(tracks[..<2]))
        try waitUntil("the question asked") { asked.load(ordering: .relaxed) == 1 }
        // The provider is blocked now: every command is still served.
        for _ in 0..<20 { try player.ping() }
        try player.pause()
        XCTAssertEqual(player.waitForState(otherThan: .playing, timeout: 5), .paused)
        XCTAssertEqual(asked.load(ordering: .relaxed), 1)
        XCTAssertEqual(player.status().tracks.count, 2, "nothing appended before the answer")
        release.signal()
        try waitUntil("the answer appended") { player.status().tracks.count == 3 }
        try player.resume()
        let end = waitFor(player, "the end") { $0.state == .idle }
        XCTAssertEqual(end.tracks.map(\.path), tracks)
        XCTAssertEqual(lengths.withLock { $0 }, [2, 3], "asked with the list's length each time it ran out")
        XCTAssertEqual(threads.withLock { $0 }, ["crate-advance"], "never asked on the engine thread")
        let captured = try AudioFixtures.readRaw(capture)
        let expected = try tracks.flatMap { try decodeAll($0).samples }
        XCTAssertEqual(captured.count, expected.count, "no sample inserted or dropped at the join")
    }

    /// `next` on the last track waits for the answer, not the engine: it plays the next
    /// album's first track, and with nothing to follow it stops.
    func testNextOnTheLastTrackPlaysWhatFollowsOrStops() throws {
        let (player, _) = player("next")
        defer { player.shutdown() }
        let answers = Mutex<[[String]?]>([[tracks[2]], nil])
        player.setContinuation { _ in answers.withLock { $0.isEmpty ? nil : $0.removeFirst() } }
        try player.play(paths: [tracks[0]], paused: true)
        try player.next()
        let moved = player.status()
        XCTAssertEqual(moved.currentIndex, 1)
        XCTAssertEqual(moved.currentTrack?.path, tracks[2])
        try player.next()
        XCTAssertEqual(player.waitForState(otherThan: .paused, timeout: 5), .idle)
        XCTAssertNil(player.status().currentIndex)
    }

    /// An answer about a list that was replaced meanwhile is dropped: the new list is
    /// not lengthened by the old list's album.
    func testAnAnswerAboutAReplacedListIsDropped() throws {
        let (player, _) = player("stale")
        defer { player.shutdown() }
        let release = DispatchSemaphore(value: 0)
        let asked = Atomic<Int>(0)
        let answering = Atomic<Bool>(false)
        player.setContinuation { [tracks] _ in
            guard asked.add(1, ordering: .relaxed).oldValue == 0 else { return nil }
            release.wait()
            answering.store(true, ordering: .releasing)
            return [tracks[0]]
        }
        try player.play(paths: [tracks[2]])
        try waitUntil("the question asked") { asked.load(ordering: .relaxed) == 1 }
        try player.play(paths: [tracks[1]], paused: true)
        release.signal()
        try waitUntil("the old answer given") { answering.load(ordering: .acquiring) }
        // The answer reaches the engine's list within microseconds of being given; each
        // ping is one more turn of the engine, which takes the answers after commands.
        usleep(20_000)
        for _ in 0..<3 { try player.ping() }
        XCTAssertEqual(player.status().tracks.map(\.path), [tracks[1]])
    }

    /// Polls a condition the engine changes on its own (no timing asserted).
    func waitUntil(_ what: String, timeout: Double = 10, _ done: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !done() {
            guard Date() < deadline else {
                XCTFail("timed out waiting for \(what)")
                throw CancellationError()
            }
            usleep(2000)
        }
    }
}
