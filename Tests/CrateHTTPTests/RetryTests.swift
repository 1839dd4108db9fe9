@testable import CrateHTTP
import Foundation
import XCTest

/// Retries: which failures, how many times, and how long between them.
final class RetryTests: HTTPTestCase {
    private let quick = RetryPolicy(attempts: 4, baseDelay: 0.02, maxDelay: 0.2)

    func testServerErrorsAreRetriedUntilTheySucceed() throws {
        for code in [500, 502, 503, 504] {
            let key = uniqueKey()
            let response = try get("/flaky/2/\(code)?key=\(key)", retry: quick)
            XCTAssertEqual(response.status, 200, "HTTP \(code)")
            XCTAssertEqual(text(response), "ok")
            XCTAssertEqual(try hits(key), 3, "two failures and a success for HTTP \(code)")
        }
    }

    func testTheLastResponseIsReturnedWhenRetriesRunOut() throws {
        let key = uniqueKey()
        let response = try get("/flaky/10/503?key=\(key)", retry: RetryPolicy(attempts: 3, baseDelay: 0.01))
        XCTAssertEqual(response.status, 503)
        XCTAssertEqual(text(response), "failing")
        XCTAssertEqual(try hits(key), 3)
    }

    func testClientErrorsAreNotRetried() throws {
        for code in [400, 401, 403, 404] {
            let key = uniqueKey()
            XCTAssertEqual(try get("/flaky/5/\(code)?key=\(key)", retry: quick).status, code)
            XCTAssertEqual(try hits(key), 1, "HTTP \(code) is answered at once")
        }
    }

    func testRetryAfterSecondsIsHonoured() throws {
        let key = uniqueKey()
        let (response, elapsed) = try timed { try get("/retry-after/2?key=\(key)", retry: .standard) }
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(try hits(key), 2)
        XCTAssertGreaterThanOrEqual(elapsed, 2.0, "waited as long as the server asked")
        XCTAssertLessThan(elapsed, 10)
    }

    func testRetryAfterHTTPDateIsHonoured() throws {
        let key = uniqueKey()
        let (response, elapsed) = try timed { try get("/retry-after-date/2?key=\(key)", retry: .standard) }
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(try hits(key), 2)
        // The date has one-second resolution and is rounded up by the server.
        XCTAssertGreaterThanOrEqual(elapsed, 1.9)
        XCTAssertLessThan(elapsed, 10)
    }

    func testARetryAfterBeyondMaxDelayReturnsTheResponseAtOnce() throws {
        let key = uniqueKey()
        let policy = RetryPolicy(attempts: 4, baseDelay: 0.01, maxDelay: 5)
        let (response, elapsed) = try timed { try get("/retry-after/60?key=\(key)", retry: policy) }
        XCTAssertEqual(response.status, 429)
        XCTAssertEqual(response.header("retry-after"), "60", "the caller can see how long to stay away")
        XCTAssertEqual(try hits(key), 1)
        XCTAssertLessThan(elapsed, 3)
    }

    func testACutConnectionIsRetried() throws {
        let key = uniqueKey()
        let response = try get("/flaky-cut/2?key=\(key)", retry: quick)
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.body, HTTPFixture.pattern(0..<1000))
        XCTAssertEqual(try hits(key), 3)
    }

    func testTransportRetriesCanBeTurnedOff() throws {
        let key = uniqueKey()
        var policy = quick
        policy.retryTransportErrors = false
        let error = expectError { () throws(HTTPError) in try client.send(HTTPRequest(url: server.url("/flaky-cut/2?key=\(key)")), retry: policy) }
        XCTAssertEqual(error?.kind, .transport)
        XCTAssertEqual(try hits(key), 1)
    }

    func testBackoffDoublesWithJitterAndIsCapped() {
        let policy = RetryPolicy(baseDelay: 0.5, maxDelay: 3)
        for _ in 0..<50 {
            XCTAssertTrue((0.25...0.5).contains(policy.backoff(afterAttempt: 1)))
            XCTAssertTrue((0.5...1.0).contains(policy.backoff(afterAttempt: 2)))
            XCTAssertTrue((1.0...2.0).contains(policy.backoff(afterAttempt: 3)))
            XCTAssertTrue((1.5...3.0).contains(policy.backoff(afterAttempt: 4)), "capped at maxDelay")
            XCTAssertTrue((1.5...3.0).contains(policy.backoff(afterAttempt: 1000)))
        }
        XCTAssertEqual(RetryPolicy.none.attempts, 1)
        XCTAssertEqual(RetryPolicy.standard.attempts, 4)
    }

    func testRetryAfterValuesAreRead() {
        let date = 784_111_777.0  // Sun, 06 Nov 1994 08:49:37 GMT
        XCTAssertEqual(RetryAfter.seconds("120", now: date), 120)
        XCTAssertEqual(RetryAfter.seconds(" 7 ", now: date), 7)
        XCTAssertEqual(RetryAfter.seconds("Sun, 06 Nov 1994 08:49:37 GMT", now: date - 10), 10)
        XCTAssertEqual(RetryAfter.seconds("Sunday, 06-Nov-94 08:49:37 GMT", now: date - 10), 10)
        XCTAssertEqual(RetryAfter.seconds("Sun Nov  6 08:49:37 1994", now: date - 10), 10)
        XCTAssertEqual(RetryAfter.seconds("Sun, 06 Nov 1994 08:49:37 GMT", now: date + 100), 0, "a past date means now")
        XCTAssertNil(RetryAfter.seconds("soon", now: date))
        XCTAssertNil(RetryAfter.seconds("", now: date))
        XCTAssertNil(RetryAfter.seconds("-5", now: date))
        XCTAssertEqual(RetryAfter.seconds("99999999999999999999999", now: date), .infinity)
    }

    private func hits(_ key: String) throws -> Int {
        Int(text(try get("/count?key=\(key)"))) ?? -1
    }
}
