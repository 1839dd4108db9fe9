import CrateHTTP
import Foundation
import Logging
import Synchronization
import XCTest

/// Handles are pooled: keep-alive connections are reused, and many threads share a client.
final class PoolTests: HTTPTestCase {
    func testSequentialRequestsReuseOneConnection() throws {
        var ports = Set<String>()
        for _ in 0..<50 {
            let response = try get("/conn")
            XCTAssertEqual(response.status, 200)
            ports.insert(text(response))
        }
        XCTAssertEqual(ports.count, 1, "every request after the first rode the same keep-alive connection: \(ports)")
    }

    func testConcurrentRequestsFromFourThreads() {
        let client = self.client!
        let base = server.url("")
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for i in 0..<25 {
                let size = 1_000 + worker * 1_000 + i
                do {
                    let response = try client.send(HTTPRequest(url: "\(base)/bytes/\(size)"))
                    if response.body != HTTPFixture.pattern(0..<size) {
                        failures.withLock { $0.append("worker \(worker) request \(i): wrong body") }
                    }
                } catch {
                    failures.withLock { $0.append("worker \(worker) request \(i): \(error)") }
                }
            }
        }
        XCTAssertEqual(failures.withLock { $0 }, [])
    }

    func testMoreRequestsThanPooledHandlesNeverBlock() throws {
        let small = HTTPClient(logger: Logger(label: "crate.http.test"), maxConnections: 1)
        var inner: HTTPResponse?
        // A request made while another is in flight on the only pooled handle.
        let outer = try small.stream(HTTPRequest(url: server.url("/bytes/10")), onResponse: { _, _ in
            inner = try? small.send(HTTPRequest(url: self.server.url("/bytes/20")))  // nil fails the assertion below
            return true
        }, onData: { _ in true })
        XCTAssertEqual(outer.status, 200)
        XCTAssertEqual(inner?.body, HTTPFixture.pattern(0..<20))
        // And the pool still serves requests afterwards.
        XCTAssertEqual(try small.send(HTTPRequest(url: server.url("/bytes/30"))).body.count, 30)
    }
}
