import CrateHTTP
import Foundation
import Logging
import TestSupport
import XCTest

/// Tests/Fixtures/http_fixture.py, started for one test: a real HTTP server on 127.0.0.1.
final class HTTPFixture {
    private let server: FixtureServer
    var port: Int { server.port }

    init() throws { server = try FixtureServer(script: "http_fixture.py") }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    func stop() { server.stop() }

    /// Byte `index` of the fixture's deterministic pattern (/bytes, /chunked, /stall, /cut).
    static func patternByte(_ index: Int) -> UInt8 { UInt8((index * 7 + 3) % 251) }

    static func pattern(_ range: Range<Int>) -> [UInt8] { range.map(patternByte) }
}

struct FixtureFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A fixture server per test and a client to talk to it.
class HTTPTestCase: XCTestCase {
    var server: HTTPFixture!
    var client: HTTPClient!

    override func setUpWithError() throws {
        server = try HTTPFixture()
        var logger = Logger(label: "crate.http.test")
        logger.logLevel = .warning  // retries log at info: expected here, noise in the test output
        client = HTTPClient(logger: logger)
    }

    override func tearDown() {
        server?.stop()
        server = nil
        client = nil
    }

    /// A key no other test (or earlier run against the same server) has used.
    func uniqueKey(_ function: String = #function) -> String { "\(function)-\(UInt64.random(in: 0...UInt64.max))" }

    func get(_ path: String, retry: RetryPolicy = .none, configure: (inout HTTPRequest) -> Void = { _ in })
        throws -> HTTPResponse {
        var request = HTTPRequest(url: server.url(path))
        configure(&request)
        return try client.send(request, retry: retry)
    }

    func text(_ response: HTTPResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    /// The error thrown by `body`, failing the test when it succeeds.
    func expectError<T>(_ body: () throws(HTTPError) -> T, file: StaticString = #filePath, line: UInt = #line) -> HTTPError? {
        do {
            let value = try body()
            XCTFail("expected an error, got \(value)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    /// Seconds `body` took on the monotonic clock.
    func timed<T>(_ body: () throws -> T) rethrows -> (T, Double) {
        let start = DispatchTime.now().uptimeNanoseconds
        let value = try body()
        return (value, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }

    /// The fixture's `closed` (nothing listens) and `blackhole` (connects hang) ports.
    func ports() throws -> (closed: Int, blackhole: Int) {
        let json = try JSONSerialization.jsonObject(with: Data(try get("/ports").body)) as? [String: Int]
        guard let closed = json?["closed"], let blackhole = json?["blackhole"] else { throw FixtureFailure("bad /ports") }
        return (closed, blackhole)
    }
}
