import CrateCore
import CrateDaemon
@testable import CrateControlSocket
@testable import CrateRouter
import CrateWire
import Logging
import TestSupport
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// The control server's limits: the client cap, half-sent requests, quiet clients,
/// idle subscribers and the threads many clients cost.
extension ControlServerTests {
    func testClientsOverTheCapAreToldWhyAndClosed() throws {
        try startServer(limits: .init(maxClients: 3))
        let admitted = try (0..<3).map { _ in try connect() }
        for client in admitted { XCTAssertEqual(try client.request(ControlRequest(cmd: .ping)), RecordingControlHandler.pong) }

        let refused = try connect()
        let answer = try refused.readJSON(ControlReply.self)
        XCTAssertFalse(answer.ok)
        XCTAssertTrue(answer.error?.contains("too many control clients: 3 are connected") == true, answer.error ?? "")
        XCTAssertTrue(refused.waitForClose(timeout: 5))

        // A freed place is taken by the next client.
        admitted[0].close()
        XCTAssertTrue(waitUntil {
            // A refused connect means "not yet": the wait retries.
            guard let client = try? self.connect() else { return false }
            return (try? client.request(ControlRequest(cmd: .ping)))?.ok == true
        })
    }

    func testAHalfSentRequestIsDroppedAfterTheTimeout() throws {
        try startServer(limits: .init(requestTimeout: 1))
        let stalled = try connect()
        try stalled.sendRaw(Array(#"{"cmd":"pi"#.utf8))
        let answer = try stalled.readJSON(ControlReply.self, timeout: 20)
        XCTAssertEqual(answer.error, "request not finished within 1 s ([control] request_timeout); closing the connection")
        XCTAssertTrue(stalled.waitForClose(timeout: 5))
        XCTAssertTrue(handler.requests.isEmpty, "half a request is never run")
    }

    /// A script may hold its connection quietly between commands; only when the socket
    /// is full does the one silent longest make room for a newcomer.
    func testAQuietClientIsKeptUntilRoomIsNeeded() throws {
        try startServer(limits: .init(maxClients: 2, requestTimeout: 1))
        let quiet = try connect()
        usleep(2_500_000)  // well past request_timeout, with room to spare: kept
        XCTAssertEqual(try quiet.request(ControlRequest(cmd: .ping)).ok, true)
        let other = try connect()
        XCTAssertEqual(try other.request(ControlRequest(cmd: .ping)).ok, true)
        usleep(1_500_000)
        // Full: the newcomer gets a place, and the client silent the longest is told why.
        let newcomer = try connect()
        XCTAssertEqual(try newcomer.request(ControlRequest(cmd: .ping)).ok, true)
        let told = try quiet.readJSON(ControlReply.self, timeout: 20)
        XCTAssertTrue(told.error?.contains("no request within 1 s") ?? false, "\(told)")
        XCTAssertEqual(try other.request(ControlRequest(cmd: .ping)).ok, true, "the other keeps its place")
    }

    func testAnIdleSubscriberIsKept() throws {
        try startServer(limits: .init(requestTimeout: 1))
        let subscriber = try connect()
        XCTAssertTrue(try subscriber.request(ControlRequest(cmd: .subscribe)).ok)
        usleep(2_000_000)  // twice request_timeout
        let event = DaemonEvent(event: .state, status: RecordingControlHandler.playerStatus())
        handler.publish(event)
        XCTAssertEqual(try subscriber.readJSON(DaemonEvent.self), event)
    }

    func testManyClientsCostNoThreads() throws {
        try startServer(limits: .init(maxClients: 300))
        let before = try Self.threadCount()
        let clients = try (0..<300).map { _ in try connect() }
        XCTAssertEqual(try clients[299].request(ControlRequest(cmd: .ping)), RecordingControlHandler.pong)
        XCTAssertLessThan(try Self.threadCount() - before, 10)
    }

    private static func threadCount() throws -> Int {
        let text = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = text.split(separator: "\n").first { $0.hasPrefix("Threads:") } ?? ""
        return Int(line.dropFirst("Threads:".count).trimmingCharacters(in: .whitespaces)) ?? -1
    }
}
