@testable import CrateHTTP
import XCTest

/// What a collected body can be: capped, redirected, compressed; and errors that never
/// show a token.
final class BodyTests: HTTPTestCase {
    func testBodiesOverTheLimitAreRefused() throws {
        let declared = expectError { () throws(HTTPError) in
            try client.send(HTTPRequest(url: server.url("/bytes/100000")), maxBodyBytes: 10_000)
        }
        XCTAssertEqual(declared?.kind, .tooLarge, "refused from Content-Length")
        let chunked = expectError { () throws(HTTPError) in
            try client.send(HTTPRequest(url: server.url("/chunked/100000")), maxBodyBytes: 10_000)
        }
        XCTAssertEqual(chunked?.kind, .tooLarge, "refused while counting, without Content-Length")
        XCTAssertEqual(try client.send(HTTPRequest(url: server.url("/bytes/10000")), maxBodyBytes: 10_000).body.count, 10_000)
        XCTAssertEqual(try client.send(HTTPRequest(url: server.url("/chunked/10000")), maxBodyBytes: 10_000).body,
                       HTTPFixture.pattern(0..<10_000))
    }

    func testRedirectsAreFollowed() throws {
        let response = try get("/redirect/3?to=/bytes/100")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.body, HTTPFixture.pattern(0..<100))
        XCTAssertNil(response.header("location"), "only the final response's headers")
        XCTAssertEqual(response.header("content-length"), "100")
    }

    func testTooManyRedirectsIsATransportError() {
        let error = expectError { () throws(HTTPError) in
            try client.send(HTTPRequest(url: server.url("/redirect/7")), retry: .none)
        }
        XCTAssertEqual(error?.kind, .transport, "\(String(describing: error))")
    }

    func testGzipIsDecodedTransparently() throws {
        let response = try get("/gzip")
        XCTAssertEqual(response.header("content-encoding"), "gzip", "the server did compress")
        XCTAssertEqual(text(response), String(repeating: "crate ", count: 2000))

        // A stream asks for the bytes as they are: Content-Length counts what onData sees.
        var streamed: [UInt8] = []
        let result = try client.stream(HTTPRequest(url: server.url("/gzip")), onResponse: { _, _ in true },
                                       onData: { streamed += $0; return true })
        XCTAssertNil(result.headers["content-encoding"])
        XCTAssertEqual(result.headers["content-length"], "\(streamed.count)")
        XCTAssertEqual(String(decoding: streamed, as: UTF8.self), String(repeating: "crate ", count: 2000))
    }

    func testTokensNeverAppearInErrors() throws {
        let port = try ports().closed
        let url = "http://127.0.0.1:\(port)/library/sections?X-Plex-Token=s3cr3tT0k3n&type=9"
        let error = expectError { () throws(HTTPError) in try client.send(HTTPRequest(url: url), retry: .none) }
        XCTAssertEqual(error?.kind, .cannotConnect)
        let message = error?.message ?? "s3cr3tT0k3n"
        XCTAssertFalse(message.contains("s3cr3tT0k3n"), message)
        XCTAssertFalse("\(error.map { $0 as Error } ?? FixtureFailure(""))".contains("s3cr3tT0k3n"))
        XCTAssertTrue(message.contains("X-Plex-Token=…&type=9"), message)
    }

    func testRedaction() {
        XCTAssertEqual(redactingTokens("GET http://h/a?x-plex-token=abc"), "GET http://h/a?x-plex-token=…")
        XCTAssertEqual(redactingTokens("u?a=1&X-PLEX-TOKEN=abc#frag"), "u?a=1&X-PLEX-TOKEN=…#frag")
        XCTAssertEqual(redactingTokens("\"http://h/?access_token=z9\" failed"), "\"http://h/?access_token=…\" failed")
        XCTAssertEqual(redactingTokens("token= and token"), "token= and token", "nothing to hide")
        XCTAssertEqual(HTTPError(kind: .transport, message: "x?X-Plex-Token=zz").message, "x?X-Plex-Token=…")
    }

    func testPercentEncodingKeepsOnlyUnreservedCharacters() {
        XCTAssertEqual(HTTPClient.percentEncode("AZaz09-._~"), "AZaz09-._~")
        XCTAssertEqual(HTTPClient.percentEncode("a b&c=d/e?f+g"), "a%20b%26c%3Dd%2Fe%3Ff%2Bg")
        XCTAssertEqual(HTTPClient.percentEncode("Sigur Rós"), "Sigur%20R%C3%B3s")
        XCTAssertEqual(HTTPClient.percentEncode(""), "")
    }
}
