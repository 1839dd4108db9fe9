import CrateHTTP
import Foundation
import XCTest

/// A CancelToken ends transfers and retry sleeps promptly, from another thread.
final class CancelTests: HTTPTestCase {
    func testCancelEndsAStalledStream() {
        let token = CancelToken()
        cancel(token, after: 0.3)
        var request = HTTPRequest(url: server.url("/stall"))
        request.lowSpeedTimeout = 30
        var received = 0
        let (error, elapsed) = timed { expectError { () throws(HTTPError) in
            try client.stream(request, cancel: token, onResponse: { _, _ in true }, onData: { received += $0.count; return true })
        } }
        XCTAssertEqual(error?.kind, .cancelled, "\(String(describing: error))")
        XCTAssertEqual(received, 10)
        XCTAssertGreaterThanOrEqual(elapsed, 0.25)
        XCTAssertLessThan(elapsed, 1.5, "well before any timeout")
    }

    func testCancelEndsARetrySleep() {
        let key = uniqueKey()
        let token = CancelToken()
        cancel(token, after: 0.3)
        let policy = RetryPolicy(attempts: 4, baseDelay: 20, maxDelay: 20)
        let (error, elapsed) = timed { expectError { () throws(HTTPError) in
            try client.send(HTTPRequest(url: server.url("/flaky/10/503?key=\(key)")), retry: policy, cancel: token)
        } }
        XCTAssertEqual(error?.kind, .cancelled)
        XCTAssertLessThan(elapsed, 2, "not the 10-20 s backoff")
    }

    func testCancelEndsARetryAfterWait() {
        let key = uniqueKey()
        let token = CancelToken()
        cancel(token, after: 0.3)
        let (error, elapsed) = timed { expectError { () throws(HTTPError) in
            try client.send(HTTPRequest(url: server.url("/retry-after/20?key=\(key)")), cancel: token)
        } }
        XCTAssertEqual(error?.kind, .cancelled)
        XCTAssertLessThan(elapsed, 2)
    }

    func testACancelledTokenSendsNothing() throws {
        let key = uniqueKey()
        let token = CancelToken()
        token.cancel()
        XCTAssertTrue(token.isCancelled)
        let error = expectError { () throws(HTTPError) in
            try client.send(HTTPRequest(url: server.url("/flaky/0/200?key=\(key)")), cancel: token)
        }
        XCTAssertEqual(error?.kind, .cancelled)
        XCTAssertEqual(text(try get("/count?key=\(key)")), "0")
    }

    func testAnUncancelledTokenChangesNothing() throws {
        let token = CancelToken()
        let response = try client.send(HTTPRequest(url: server.url("/bytes/200000")), cancel: token)
        XCTAssertEqual(response.body, HTTPFixture.pattern(0..<200_000))
        XCTAssertFalse(token.isCancelled)
    }

    private func cancel(_ token: CancelToken, after seconds: Double) {
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { token.cancel() }
    }
}
