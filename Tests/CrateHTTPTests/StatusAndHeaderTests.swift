import CrateHTTP
import Foundation
import XCTest

/// Statuses come back as responses, headers go out and come back as sent.
final class StatusAndHeaderTests: HTTPTestCase {
    func testStatusCodesAreResponsesNotErrors() throws {
        for code in [200, 201, 204, 404, 500] {
            let response = try get("/status/\(code)")
            XCTAssertEqual(response.status, code)
            XCTAssertEqual(text(response), code == 204 ? "" : "status \(code)")
        }
        let unauthorized = try get("/status/401")
        XCTAssertEqual(unauthorized.status, 401)
        XCTAssertTrue(text(unauthorized).contains("Unauthorized"), "the HTML body is kept for the caller")
        XCTAssertEqual(unauthorized.header("Content-Type"), "text/html")
    }

    func testCustomHeadersAndTheMethodAreSent() throws {
        let response = try get("/echo") { request in
            request.headers = [("X-Plex-Product", "Crate"), ("Accept", "application/json"), ("X-Empty", "")]
        }
        let echo = try decode(response)
        XCTAssertEqual(echo.method, "GET")
        XCTAssertEqual(echo.headers["x-plex-product"], "Crate")
        XCTAssertEqual(echo.headers["accept"], "application/json", "a caller's header replaces curl's own")
        XCTAssertEqual(echo.headers["x-empty"], "", "an empty header is still sent")
        XCTAssertEqual(echo.headers["user-agent"], "Crate")
    }

    func testBodiesAreSentWithTheirMethod() throws {
        let post = try decode(client.send(HTTPRequest(
            url: server.url("/echo"), method: "POST", headers: [("Content-Type", "application/json")],
            body: Array("{\"rating\":10}".utf8))))
        XCTAssertEqual(post.method, "POST")
        XCTAssertEqual(post.body, "{\"rating\":10}")
        XCTAssertEqual(post.headers["content-type"], "application/json")
        XCTAssertNil(post.headers["expect"], "no 100-continue round trip")

        let put = try decode(client.send(HTTPRequest(url: server.url("/echo"), method: "PUT")))
        XCTAssertEqual(put.method, "PUT")
        XCTAssertEqual(put.headers["content-length"], "0", "a body-less PUT still says how long its body is")

        let delete = try decode(client.send(HTTPRequest(url: server.url("/echo"), method: "DELETE")))
        XCTAssertEqual(delete.method, "DELETE")
        XCTAssertNil(delete.headers["content-length"])
    }

    func testHeadReturnsHeadersWithoutABody() throws {
        let response = try client.send(HTTPRequest(url: server.url("/bytes/5000"), method: "HEAD"), maxBodyBytes: 100)
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.header("content-length"), "5000")
        XCTAssertEqual(response.body, [], "and a declared length over maxBodyBytes is no reason to refuse a HEAD")
    }

    func testResponseHeadersAreLowerCasedAndRepeatsJoined() throws {
        let response = try get("/headers")
        XCTAssertEqual(response.headers["x-multi"], "a, b")
        XCTAssertEqual(response.header("X-CASE"), "Value")
        XCTAssertEqual(response.headers["x-case"], "Value")
        XCTAssertTrue(response.headers.keys.allSatisfy { $0 == $0.lowercased() }, "\(response.headers.keys)")
        XCTAssertEqual(response.headers["content-length"], "7")
    }

    private struct Echo: Decodable {
        var method: String
        var headers: [String: String]
        var body: String
    }

    private func decode(_ response: HTTPResponse) throws -> Echo {
        XCTAssertEqual(response.status, 200)
        return try JSONDecoder().decode(Echo.self, from: Data(response.body))
    }
}
