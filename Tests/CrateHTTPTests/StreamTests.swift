import CrateHTTP
import XCTest

/// Bodies streamed as they arrive: complete and in order, stoppable, resumable.
final class StreamTests: HTTPTestCase {
    func testAStreamDeliversEveryByteInOrder() throws {
        let size = 3_000_000
        var received: [UInt8] = []
        var chunks = 0
        var seen: (Int, [String: String])?
        let result = try client.stream(HTTPRequest(url: server.url("/bytes/\(size)")), onResponse: { status, headers in
            XCTAssertEqual(chunks, 0, "status and headers come before any body byte")
            seen = (status, headers)
            return true
        }, onData: { chunk in
            chunks += 1
            received.append(contentsOf: chunk)
            return true
        })
        XCTAssertEqual(result.status, 200)
        XCTAssertEqual(result.headers["content-length"], "\(size)")
        XCTAssertEqual(seen?.0, 200)
        XCTAssertEqual(seen?.1["content-length"], "\(size)")
        XCTAssertGreaterThan(chunks, 1, "delivered as it arrived, not in one piece")
        XCTAssertEqual(received.count, size)
        XCTAssertTrue(received == HTTPFixture.pattern(0..<size), "bytes out of order or corrupted")
    }

    func testOnDataReturningFalseStopsWithoutAnError() throws {
        var received = 0
        let result = try client.stream(HTTPRequest(url: server.url("/bytes/3000000")), onResponse: { _, _ in true },
                                       onData: { chunk in
                                           received += chunk.count
                                           return false
                                       })
        XCTAssertEqual(result.status, 200)
        XCTAssertGreaterThan(received, 0)
        XCTAssertLessThan(received, 3_000_000)
        // The handle goes back to the pool in a usable state.
        XCTAssertEqual(try get("/bytes/10").body, HTTPFixture.pattern(0..<10))
    }

    func testOnResponseReturningFalseStopsBeforeTheBody() throws {
        var bodyCalls = 0
        let result = try client.stream(HTTPRequest(url: server.url("/status/404")), onResponse: { status, _ in
            XCTAssertEqual(status, 404)
            return false
        }, onData: { _ in
            bodyCalls += 1
            return true
        })
        XCTAssertEqual(result.status, 404)
        XCTAssertEqual(bodyCalls, 0)
    }

    func testARangeResumeGivesExactlyTheRemainingBytes() throws {
        let size = 100_000
        var request = HTTPRequest(url: server.url("/bytes/\(size)"))
        request.rangeStart = 12_345
        let response = try client.send(request)
        XCTAssertEqual(response.status, 206)
        XCTAssertEqual(response.header("content-range"), "bytes 12345-99999/100000")
        XCTAssertTrue(response.body == HTTPFixture.pattern(12_345..<size), "got \(response.body.count) bytes")

        var streamed: [UInt8] = []
        let result = try client.stream(request, onResponse: { _, _ in true }, onData: { streamed += $0; return true })
        XCTAssertEqual(result.status, 206)
        XCTAssertTrue(streamed == HTTPFixture.pattern(12_345..<size))
    }

    func testACutConnectionIsATransportErrorNotAShortBody() {
        var received = 0
        let error = expectError { () throws(HTTPError) in
            try client.stream(HTTPRequest(url: server.url("/cut")), onResponse: { _, _ in true },
                              onData: { received += $0.count; return true })
        }
        XCTAssertEqual(error?.kind, .transport, "\(String(describing: error))")
        XCTAssertEqual(received, 300, "the caller knows where to resume")

        let sent = expectError { () throws(HTTPError) in try client.send(HTTPRequest(url: server.url("/cut")), retry: .none) }
        XCTAssertEqual(sent?.kind, .transport)
    }

    func testAResumeAfterACutCompletesTheBody() throws {
        var body: [UInt8] = []
        // The cut is expected to throw; the bytes that arrived are what is checked.
        _ = try? client.stream(HTTPRequest(url: server.url("/cut")), onResponse: { _, _ in true },
                               onData: { body += $0; return true })
        XCTAssertEqual(body.count, 300)
        // /cut serves the start of the same pattern as /bytes/1000.
        var resume = HTTPRequest(url: server.url("/bytes/1000"))
        resume.rangeStart = body.count
        let result = try client.stream(resume, onResponse: { _, _ in true }, onData: { body += $0; return true })
        XCTAssertEqual(result.status, 206)
        XCTAssertEqual(body, HTTPFixture.pattern(0..<1000))
    }
}
