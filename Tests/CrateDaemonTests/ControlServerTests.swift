import CrateCore
import CrateDaemon
import CratePosix
@testable import CrateControlSocket
@testable import CrateRouter
import CrateWire
import Logging
import TestSupport
import XCTest

#if canImport(Glibc)
import Glibc
#endif

final class ControlServerTests: XCTestCase {
    var directory: TemporaryDirectory!
    var handler: RecordingControlHandler!
    var servers: [ControlServer] = []

    /// In a directory that does not exist yet: the server must create it.
    var socketPath: String { directory.file("run/crate.sock") }

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "crate-ctl")
        handler = RecordingControlHandler()
    }

    override func tearDown() {
        for server in servers { server.stop() }
        directory.remove()
    }

    @discardableResult
    func startServer(mode: Int = 0o660, limits: ControlServer.Limits = .init()) throws -> ControlServer {
        let logger = Logger(label: "ControlServerTests") { label in
            // CRATE_TEST_LOG=1 shows the server's log lines when a test needs debugging.
            if getenv("CRATE_TEST_LOG") != nil { return StreamLogHandler.standardError(label: label) }
            return SwiftLogNoOpLogHandler()
        }
        let server = ControlServer(path: socketPath, mode: mode, handler: handler, logger: logger, limits: limits)
        try server.start()
        servers.append(server)
        return server
    }

    func connect() throws -> SocketClient {
        try SocketClient(path: socketPath)
    }

    func reply(_ line: String, on client: SocketClient) throws -> ControlReply {
        try client.send(line)
        return try client.readJSON(ControlReply.self)
    }

    // MARK: - Requests and replies

    func testValidRequestsGetReplies() throws {
        try startServer()
        let client = try connect()
        XCTAssertEqual(try client.request(ControlRequest(cmd: .ping)), RecordingControlHandler.pong)
        let status = try client.request(ControlRequest(cmd: .status))
        XCTAssertEqual(status.status, RecordingControlHandler.daemonStatus())
        // A handler failure reaches the client as it is.
        XCTAssertEqual(try client.request(ControlRequest(cmd: .next)), .failure("nothing is playing"))
        XCTAssertEqual(handler.requests, [.ping, .status, .nextTrack])
    }

    func testMalformedJSONGetsAnErrorAndTheConnectionKeepsWorking() throws {
        try startServer()
        let client = try connect()
        let cases = [
            "{\"cmd\": \"ping\"": "malformed request: not valid JSON",
            "[1, 2]": "malformed request: expected a JSON object",
            "{\"paths\": []}": "malformed request: missing 'cmd'",
            "{\"cmd\": 5}": "malformed request: 'cmd' has the wrong type (expected a string)",
            "{\"cmd\": \"seek\", \"seconds\": \"soon\"}": "malformed request: 'seconds' has the wrong type (expected a number)",
        ]
        for (line, expected) in cases {
            let answer = try reply(line, on: client)
            XCTAssertFalse(answer.ok, line)
            XCTAssertEqual(answer.error, expected, line)
        }
        XCTAssertEqual(try client.request(ControlRequest(cmd: .ping)), RecordingControlHandler.pong)
        XCTAssertEqual(handler.requests, [.ping])
    }

    func testUnknownCommandIsNamedInTheError() throws {
        try startServer()
        let client = try connect()
        let answer = try reply("{\"cmd\":\"dance\"}", on: client)
        XCTAssertFalse(answer.ok)
        XCTAssertTrue(answer.error?.hasPrefix("unknown command 'dance'") == true, answer.error ?? "")
        XCTAssertEqual(try client.request(ControlRequest(cmd: .ping)), RecordingControlHandler.pong)
        XCTAssertEqual(handler.requests, [.ping], "the handler never sees unknown commands")
    }

    func testArgumentsAreValidatedBeforeTheHandlerSeesThem() throws {
        try startServer()
        let client = try connect()
        let refused = [
            "{\"cmd\":\"play\"}", "{\"cmd\":\"play\",\"paths\":[]}", "{\"cmd\":\"play\",\"paths\":[\"\"]}",
            "{\"cmd\":\"play\",\"paths\":[\"relative/a.mp3\"]}", "{\"cmd\":\"seek\"}",
            "{\"cmd\":\"seek\",\"seconds\":-1}",
        ]
        for line in refused {
            let answer = try reply(line, on: client)
            XCTAssertFalse(answer.ok, line)
            XCTAssertNotNil(answer.error, line)
        }
        XCTAssertTrue(try client.request(ControlRequest(cmd: .play, paths: ["/music/Album"])).ok)
        XCTAssertTrue(try client.request(ControlRequest(cmd: .seek, seconds: 90)).ok)
        XCTAssertEqual(
            handler.requests,
            [.play(.files(["/music/Album"])), .seek(90)])
    }

    func testOversizedLineGetsAnErrorAndTheConnectionIsClosed() throws {
        try startServer()
        let client = try connect()
        try client.sendRaw([UInt8](repeating: UInt8(ascii: "a"), count: ControlProtocol.maxRequestBytes + 100))
        let answer = try client.readJSON(ControlReply.self)
        XCTAssertFalse(answer.ok)
        XCTAssertTrue(answer.error?.contains("too long") == true, answer.error ?? "")
        XCTAssertTrue(client.waitForClose(timeout: 5))
        XCTAssertTrue(handler.requests.isEmpty)
    }

    func testPipelinedRequestsAreAnsweredInOrder() throws {
        try startServer()
        let client = try connect()
        let count = 500
        var batch = ""
        for i in 0..<count {
            batch += "{\"cmd\":\"seek\",\"seconds\":\(i)}\n"
            if i % 100 == 0 { batch += "\n{oops\n" }  // blank lines are skipped, errors answered in place
        }
        try client.sendRaw(Array(batch.utf8))
        for i in 0..<count {
            let answer = try client.readJSON(ControlReply.self)
            XCTAssertEqual(answer.status?.player.position, Double(i), "reply \(i) out of order")
            if i % 100 == 0 {
                XCTAssertEqual(try client.readJSON(ControlReply.self).error, "malformed request: not valid JSON")
            }
        }
    }

    // MARK: - Subscribers

    func testSubscriberGetsTheStatusThenEvents() throws {
        try startServer()
        let client = try connect()
        let first = try client.request(ControlRequest(cmd: .subscribe))
        XCTAssertEqual(first, ControlReply(ok: true, status: RecordingControlHandler.daemonStatus()))
        XCTAssertEqual(handler.subscriberCount, 1)

        let events = [
            DaemonEvent(event: .track, status: RecordingControlHandler.playerStatus(position: 0)),
            DaemonEvent(event: .trackError, message: "bad frame", status: RecordingControlHandler.playerStatus()),
            DaemonEvent(event: .seek, status: RecordingControlHandler.playerStatus(position: 42)),
        ]
        for event in events { handler.publish(event) }
        for event in events {
            XCTAssertEqual(try client.readJSON(DaemonEvent.self), event)
        }

        client.close()
        XCTAssertTrue(waitUntil { self.handler.subscriberCount == 0 }, "closing the client ends the subscription")
    }

    func testHalfClosedSubscriberStillGetsEvents() throws {
        try startServer()
        let client = try connect()
        XCTAssertTrue(try client.request(ControlRequest(cmd: .subscribe)).ok)
        client.shutdownWrite()  // what `echo '{"cmd":"subscribe"}' | socat - UNIX:…` does
        usleep(50_000)
        let event = DaemonEvent(event: .state, status: RecordingControlHandler.playerStatus())
        handler.publish(event)
        XCTAssertEqual(try client.readJSON(DaemonEvent.self), event)
    }

    func testFailedStatusMeansNoSubscription() throws {
        try startServer()
        handler.setStatusFails(true)
        let client = try connect()
        XCTAssertEqual(try client.request(ControlRequest(cmd: .subscribe)), .failure("no player"))
        XCTAssertEqual(handler.subscriberCount, 0)
        XCTAssertEqual(try client.request(ControlRequest(cmd: .ping)), RecordingControlHandler.pong)
    }

    func testSubscriberThatNeverReadsDoesNotBlockPublishing() throws {
        try startServer()
        let stuck = try connect()
        stuck.setReceiveBufferSize(4096)
        try stuck.send(json: ControlRequest(cmd: .subscribe))
        XCTAssertTrue(waitUntil { self.handler.subscriberCount == 1 })

        // Big events fill the socket buffers quickly; the publisher must not notice.
        let event = DaemonEvent(event: .track, status: RecordingControlHandler.playerStatus(trackCount: 40))
        let started = MonotonicClock.now()
        for _ in 0..<5000 { handler.publish(event) }
        let elapsed = MonotonicClock.now() - started
        XCTAssertLessThan(elapsed, 1.0, "publishing to a stuck subscriber took \(elapsed) s")

        XCTAssertTrue(waitUntil { self.handler.subscriberCount == 0 }, "the stuck subscriber is dropped")
        XCTAssertTrue(stuck.waitForClose(timeout: 5))

        // The daemon carries on serving everyone else.
        let other = try connect()
        XCTAssertEqual(try other.request(ControlRequest(cmd: .ping)), RecordingControlHandler.pong)
    }

    func waitUntil(timeout: Double = 5, _ condition: () -> Bool) -> Bool {
        let deadline = MonotonicClock.now() + timeout
        while MonotonicClock.now() < deadline {
            if condition() { return true }
            usleep(10_000)
        }
        return condition()
    }
}
