import CrateHTTP
import XCTest

/// Unreachable, slow and stalled servers end a request promptly with the right kind.
final class TimeoutTests: HTTPTestCase {
    func testAClosedPortIsCannotConnectAtOnce() throws {
        let port = try ports().closed
        let (error, elapsed) = timed { expectError { () throws(HTTPError) in
            try client.send(HTTPRequest(url: "http://127.0.0.1:\(port)/x"), retry: .none)
        } }
        XCTAssertEqual(error?.kind, .cannotConnect, "\(String(describing: error))")
        XCTAssertLessThan(elapsed, 2)
    }

    func testNoConnectionWithinConnectTimeoutIsCannotConnect() throws {
        let port = try ports().blackhole
        var request = HTTPRequest(url: "http://127.0.0.1:\(port)/x")
        request.connectTimeout = 0.5
        let (error, elapsed) = timed { expectError { () throws(HTTPError) in try client.send(request, retry: .none) } }
        XCTAssertEqual(error?.kind, .cannotConnect, "\(String(describing: error))")
        XCTAssertGreaterThanOrEqual(elapsed, 0.45, "the connect was really attempted")
        XCTAssertLessThan(elapsed, 4)
    }

    func testTotalTimeoutEndsASlowResponse() {
        var request = HTTPRequest(url: server.url("/slow?seconds=5"))
        request.totalTimeout = 0.5
        let (error, elapsed) = timed { expectError { () throws(HTTPError) in try client.send(request, retry: .none) } }
        XCTAssertEqual(error?.kind, .timedOut, "\(String(describing: error))")
        XCTAssertLessThan(elapsed, 3)
    }

    func testLowSpeedTimeoutEndsAStalledBody() {
        var request = HTTPRequest(url: server.url("/stall"))
        request.lowSpeedTimeout = 1
        var received = 0
        let (error, elapsed) = timed { expectError { () throws(HTTPError) in
            try client.stream(request, onResponse: { _, _ in true }, onData: { received += $0.count; return true })
        } }
        XCTAssertEqual(error?.kind, .timedOut, "\(String(describing: error))")
        XCTAssertEqual(received, 10, "the bytes that did arrive were delivered")
        XCTAssertGreaterThanOrEqual(elapsed, 0.9)
        XCTAssertLessThan(elapsed, 4)
    }

    func testASlowButSteadyBodyIsNotAStall() throws {
        var request = HTTPRequest(url: server.url("/drip?count=8&interval=0.4"))
        request.lowSpeedTimeout = 1
        let (response, elapsed) = try timed { try client.send(request, retry: .none) }
        XCTAssertEqual(response.body, HTTPFixture.pattern(0..<8))
        XCTAssertGreaterThan(elapsed, 2, "longer in total than the stall limit")
    }

    func testASlowFirstByteIsAStall() {
        var request = HTTPRequest(url: server.url("/slow?seconds=5"))
        request.lowSpeedTimeout = 1
        let (error, elapsed) = timed { expectError { () throws(HTTPError) in try client.send(request, retry: .none) } }
        XCTAssertEqual(error?.kind, .timedOut, "\(String(describing: error))")
        XCTAssertLessThan(elapsed, 4)
    }

    func testTimeoutsAreRetriedByTheStandardPolicy() {
        var request = HTTPRequest(url: server.url("/slow?seconds=3"))
        request.totalTimeout = 0.3
        let policy = RetryPolicy(attempts: 3, baseDelay: 0.01)
        let (error, elapsed) = timed { expectError { () throws(HTTPError) in try client.send(request, retry: policy) } }
        XCTAssertEqual(error?.kind, .timedOut)
        XCTAssertGreaterThanOrEqual(elapsed, 0.85, "three attempts of 0.3 s")
        XCTAssertLessThan(elapsed, 5)
    }

    func testUnsendableURLsAreBadURL() {
        for url in ["ftp://127.0.0.1/file", "http://[::1", "not a url"] {
            let error = expectError { () throws(HTTPError) in try client.send(HTTPRequest(url: url), retry: .standard) }
            XCTAssertEqual(error?.kind, .badURL, "\(url): \(String(describing: error))")
        }
    }

    func testAnUnresolvableHostIsCannotConnect() {
        var request = HTTPRequest(url: "http://crate-test.invalid/library")
        request.connectTimeout = 2
        let error = expectError { () throws(HTTPError) in try client.send(request, retry: .none) }
        XCTAssertEqual(error?.kind, .cannotConnect, "\(String(describing: error))")
    }
}
