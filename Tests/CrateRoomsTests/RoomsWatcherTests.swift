import CrateConfig
import CrateCore
@testable import CrateRooms
import CrateSnapcast
import Foundation
import Logging
import Synchronization
import TestSupport
import XCTest

/// The rooms watcher against Debian's snapserver and snapclients on loopback, one
/// question at a time: which rooms it reports, what the panel and `status` say of them,
/// and when it asks for a redraw.
final class RoomsWatcherTests: XCTestCase {
    var dir: TemporaryDirectory!

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "rooms") }
    override func tearDown() { dir?.remove() }

    /// How often the watcher asked for a redraw.
    final class RedrawCount: Sendable {
        private let count = Atomic<Int>(0)
        func add() { count.add(1, ordering: .relaxed) }
        var value: Int { count.load(ordering: .relaxed) }
    }

    /// A watcher for the rig's `[snapcast]` settings, asked one question at a time.
    final class Watch {
        let watcher: RoomsWatcher
        let redraws = RedrawCount()
        var seenConnected = Set<String>()
        var connection: SnapserverConnection?

        init(_ snapcast: SnapcastRig) throws {
            var settings = CrateConfig.Snapcast()
            settings.stream = CrateConfig.HostPort(host: "127.0.0.1", port: snapcast.sourcePort)
            settings.control = CrateConfig.HostPort(host: "127.0.0.1", port: snapcast.controlPort)
            let redraws = redraws
            watcher = try XCTUnwrap(RoomsWatcher(settings, logger: Logger(label: "rooms-test")) { redraws.add() })
        }

        var redrawCount: Int { redraws.value }

        @discardableResult
        func ask() -> RoomsStatus { watcher.poll(&seenConnected, &connection) }

        /// Asks until `condition` holds (snapserver notices a client leave within seconds).
        func ask(until what: String, _ condition: (RoomsStatus) -> Bool) throws -> RoomsStatus {
            let deadline = Date().addingTimeInterval(15)
            var status = ask()
            while !condition(status) {
                if Date() > deadline { throw FixtureError("timed out waiting for \(what); last: \(status)") }
                usleep(100_000)
                status = ask()
            }
            return status
        }
    }

    func testMultiRoomOffMakesNoWatcher() {
        var settings = CrateConfig.Snapcast()
        settings.control = CrateConfig.HostPort(host: "127.0.0.1", port: 1705)
        XCTAssertNil(RoomsWatcher(settings, logger: Logger(label: "rooms-test")) {}, "no stream: multi-room is off")
    }

    func testAKilledRoomShowsAsDroppedOutAndSnapserverGoneAsAProblem() throws {
        let snapcast = try SnapcastRig(dir: dir.file("snap"))
        try snapcast.addRoom("room-a")
        try snapcast.addRoom("room-b")
        let watch = try Watch(snapcast)

        let both = try watch.ask(until: "both rooms playing") { Set($0.playing.map(\.id)) == ["room-a", "room-b"] }
        XCTAssertEqual(both.panelLine.text, "2 rooms")
        XCTAssertFalse(both.panelLine.problem)
        XCTAssertEqual(both.warnings, [])
        XCTAssertEqual(watch.watcher.status(), both, "status() is the last answer")
        XCTAssertGreaterThan(watch.redrawCount, 0, "rooms appearing redraw the panel")
        let settled = watch.redrawCount
        watch.ask()
        XCTAssertEqual(watch.redrawCount, settled, "an answer that changes nothing shown redraws nothing")

        snapcast.stopRoom("room-b", crash: true)
        let dropped = try watch.ask(until: "room-b dropped out") { $0.droppedOut.map(\.id) == ["room-b"] }
        XCTAssertEqual(dropped.playing.map(\.id), ["room-a"])
        XCTAssertEqual(dropped.panelLine.text, "room-b dropped out")
        XCTAssertTrue(dropped.panelLine.problem)
        XCTAssertEqual(dropped.warnings, ["snapcast: room-b dropped out (its snapclient is not connected)"])
        XCTAssertGreaterThan(watch.redrawCount, settled)

        let beforeDown = watch.redrawCount
        snapcast.killServer()
        let down = try watch.ask(until: "snapserver's error") { $0.error != nil }
        XCTAssertEqual(down.panelLine.text, "no snapserver")
        XCTAssertTrue(down.panelLine.problem)
        let address = "snapserver at 127.0.0.1:\(snapcast.controlPort)"
        XCTAssertTrue(down.warnings.first?.hasPrefix("snapcast: \(address)") == true, "\(down.warnings)")
        XCTAssertGreaterThan(watch.redrawCount, beforeDown)
    }

    func testARoomGoneBeforeTheWatcherStartedIsNotMentioned() throws {
        let snapcast = try SnapcastRig(dir: dir.file("snap"))
        try snapcast.addRoom("room-a")
        try snapcast.addRoom("gone")
        snapcast.stopRoom("gone", crash: true)
        let control = CrateConfig.HostPort(host: "127.0.0.1", port: snapcast.controlPort)
        let deadline = Date().addingTimeInterval(15)
        // snapserver keeps listing a vanished client, disconnected.
        while try SnapserverConnection(address: control).status().clients.contains(where: { $0.client.id == "gone" && $0.client.connected }) {
            if Date() > deadline { throw FixtureError("snapserver still lists the killed room as connected") }
            usleep(100_000)
        }

        let watch = try Watch(snapcast)
        let status = try watch.ask(until: "room-a playing") { $0.playing.map(\.id) == ["room-a"] }
        XCTAssertEqual(status.rooms.map(\.id), ["room-a"], "a room gone before the watcher looked is neither playing nor dropped out")
        XCTAssertEqual(status.panelLine.text, "1 room")
    }
}
