import CrateCore
import CratePosix
import Foundation
import Glibc
import Synchronization
import TestSupport
import XCTest

/// crate-web's HTTP limits against a real crate-web in front of a real crated, each met
/// the way a hostile or broken client meets it: pipelined requests never read, bodies
/// trickled a byte at a time, live pages opened and dropped, guesses at the password
/// sent all at once, and a stop while a live page is open. A client from 127.0.0.2 is
/// another address than the page's 127.0.0.1.
final class WebLimitsTests: XCTestCase {
    static let password = "open sesame"
    static let attacker = "127.0.0.2"
    var dir: TemporaryDirectory!
    var daemon: DaemonProcess!
    var web: WebProcess!
    var port: Int { web.port }

    override func setUpWithError() throws {
        dir = try TemporaryDirectory(prefix: "weblimits")
        daemon = try DaemonProcess(dir: dir.path)
    }

    override func tearDown() {
        web?.stop()
        _ = daemon?.stop()
        dir?.remove()
    }

    func startWeb(_ section: String) throws {
        web = try WebProcess(daemon: daemon, dir: dir.path, web: section)
    }

    /// Sends all of `bytes` on a non-blocking socket, as far as the server takes them;
    /// false once the server has closed the connection.
    func push(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress!, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            if n > 0 { sent += n; continue }
            return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
        }
        return true
    }

    /// True when the server has closed `fd` (reads end or fail), within `seconds`.
    func closedByServer(_ fd: Int32, within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var chunk = [UInt8](repeating: 0, count: 65536)
        while Date() < deadline {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, Int32(MSG_DONTWAIT)) }
            if n == 0 || (n < 0 && errno != EAGAIN) { return true }
        }
        return false
    }

    /// Issue 40, 4: many `GET /app.js` pipelined on connections whose client never reads.
    /// crate-web closes each at `max_pipelined_requests`; its memory stays where it was.
    func testPipelinedRequestsNeverReadDoNotGrowMemory() throws {
        try startWeb("max_pipelined_requests = 16\nmax_clients_per_address = 16")
        let before = try web.residentKiB()
        let burst = Array(String(repeating: "GET /app.js HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", count: 2000).utf8)
        var sockets: [Int32] = []
        defer { sockets.forEach { close($0) } }
        var closed = 0
        let until = Date().addingTimeInterval(15)
        var peak = before
        while Date() < until {
            while sockets.count < 12 { sockets.append(try RawHTTP.connect(port, from: Self.attacker)) }
            for fd in sockets where !push(fd, burst) {
                close(fd)
                sockets.removeAll { $0 == fd }
                closed += 1
            }
            peak = max(peak, try web.residentKiB())
            usleep(20_000)
        }
        XCTAssertGreaterThan(closed, 0, "connections past the bound were closed")
        XCTAssertLessThan(peak - before, 64 * 1024, "crate-web grew from \(before) KiB to \(peak) KiB")
        XCTAssertTrue(web.log.isEmpty || !web.log.contains("error"), web.log)
        let page = try RawHTTP.request(port, "GET", "/api/status")
        XCTAssertEqual(page.status, 200, "the page is still served: \(page.body)")
    }

    /// Issue 40, 5: sign-in bodies trickled a byte at a time from one client, on as many
    /// connections as it can open. The page from another address is served at once, and
    /// the trickling connections are closed at `body_timeout`.
    func testSlowBodiesFromOneClientHoldNeitherThePageNorTheirConnections() throws {
        try startWeb("password = \"\(Self.password)\"\nmax_clients = 32\nmax_clients_per_address = 8\nbody_timeout = 3\nheader_timeout = 3")
        let session = try web.signIn(password: Self.password)
        let head = Array("POST /api/login HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://127.0.0.1:\(port)\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n{".utf8)
        var slow: [Int32] = []
        defer { slow.forEach { close($0) } }
        for _ in 0..<64 {
            let fd = try RawHTTP.connect(port, waiting: false, from: Self.attacker)
            slow.append(fd)
        }
        usleep(300_000)
        for fd in slow { _ = push(fd, head) }
        // And a header trickled the same way, from the same client.
        let trickle = try RawHTTP.connect(port, waiting: false, from: Self.attacker)
        slow.append(trickle)
        let started = Date()
        let page = try RawHTTP.request(port, "GET", "/api/status", headers: session)
        XCTAssertEqual(page.status, 200, page.body)
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "the page did not wait for the slow client")
        // The trickle goes on a byte a second; the server closes each at its deadline.
        var open = slow
        let deadline = Date().addingTimeInterval(8)
        while !open.isEmpty, Date() < deadline {
            for fd in open where !push(fd, [UInt8(ascii: "x")]) || closedByServer(fd, within: 0.01) {
                open.removeAll { $0 == fd }
            }
            usleep(1_000_000 / 4)
        }
        XCTAssertTrue(open.isEmpty, "\(open.count) trickling connections still open after the body and header timeouts")
        XCTAssertEqual(try RawHTTP.request(port, "GET", "/api/status", headers: session).status, 200)
    }

    /// Issue 40, 6: on a quiet box (no event for minutes), live pages opened and closed
    /// give their place back when they close, not at the next player events.
    func testClosedLivePagesFreeTheirPlace() throws {
        try startWeb("max_live_pages = 3\nmax_clients = 6")
        let request = Array("GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8)
        func openPage() throws -> (fd: Int32, head: String) {
            let fd = try RawHTTP.connect(port)
            _ = SocketSend.all(request, to: fd)
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
            return (fd, String(decoding: chunk.prefix(max(0, n)), as: UTF8.self))
        }
        for round in 0..<10 {
            let deadline = Date().addingTimeInterval(5)
            var page = try openPage()
            // Closing is the client's last act; the server hears it a moment later.
            while !page.head.hasPrefix("HTTP/1.1 200"), Date() < deadline {
                close(page.fd)
                usleep(100_000)
                page = try openPage()
            }
            close(page.fd)
            XCTAssertTrue(page.head.hasPrefix("HTTP/1.1 200"), "page \(round + 1) of 10 with 3 places: \(page.head)")
            XCTAssertTrue(page.head.contains("text/event-stream"), page.head)
        }
        let still = try openPage()
        defer { close(still.fd) }
        XCTAssertTrue(still.head.hasPrefix("HTTP/1.1 200"), still.head)
    }

    /// Issue 40, 9: 200 guesses at the password sent at once from one client are slowed as
    /// a whole: a handful are looked at, and the log has one line for the burst.
    func testParallelGuessesAreSlowedPerClientAndLoggedOnce() throws {
        try startWeb("password = \"\(Self.password)\"\nmax_clients = 256\nmax_clients_per_address = 256")
        let counts = Mutex([Int: Int]())
        let port = self.port
        let started = Date()
        DispatchQueue.concurrentPerform(iterations: 200) { n in
            // A refused or dropped connection counts as 0.
            let status = (try? RawHTTP.request(port, "POST", "/api/login", headers: ["Origin": "http://127.0.0.1:\(port)"],
                                               body: #"{"password":"guess \#(n)"}"#, from: Self.attacker))?.status ?? 0
            counts.withLock { $0[status, default: 0] += 1 }
        }
        let seen = counts.withLock { $0 }
        // The waits after each wrong guess are 1, 2, 4 ... s: in T seconds at most
        // 1 + log2(T + 1) guesses can be looked at, however many are sent.
        let took = Date().timeIntervalSince(started)
        XCTAssertLessThanOrEqual(Double(seen[401] ?? 0), 1 + log2(took + 1), "guesses looked at in \(took) s: \(seen)")
        XCTAssertGreaterThan(seen[429] ?? 0, 150, "the rest told to wait: \(seen)")
        let lines = web.log.split(separator: "\n").filter { $0.contains("wrong password") }
        XCTAssertEqual(lines.count, 1, "one log line for the burst: \(lines)")
        // Another address is not slowed by this one's guesses.
        XCTAssertEqual(try web.signIn(password: Self.password).isEmpty, false)
    }

    /// Issue 40, 12: crate-web stops at once on SIGTERM while a live page is open, and
    /// after one was open and closed.
    func testStopsPromptlyWithALivePageOpenOrClosed() throws {
        for keepOpen in [true, false] {
            try startWeb("")
            let fd = try RawHTTP.connect(port)
            _ = SocketSend.all(Array("GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8), to: fd)
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
            XCTAssertTrue(String(decoding: chunk.prefix(max(0, n)), as: UTF8.self).hasPrefix("HTTP/1.1 200"))
            if !keepOpen { close(fd) }
            usleep(200_000)
            let asked = Date()
            kill(web.pid, SIGTERM)
            let deadline = asked.addingTimeInterval(8)
            while web.process.isRunning, Date() < deadline { usleep(20_000) }
            let took = Date().timeIntervalSince(asked)
            if web.process.isRunning { kill(web.pid, SIGKILL) }
            web.process.waitUntilExit()
            if keepOpen { close(fd) }
            XCTAssertLessThan(took, 5, "crate-web took \(took) s to stop with a live page \(keepOpen ? "open" : "closed before")")
            XCTAssertEqual(web.process.terminationReason, .exit, "it exited by itself (keepOpen \(keepOpen))")
        }
    }
}
