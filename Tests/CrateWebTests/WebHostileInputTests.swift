import CrateCore
import Foundation
import TestSupport
import XCTest

/// crate-web on 127.0.0.1 in front of a real crated that plays, taking what a hostile
/// page or program on the network would send: oversized and malformed requests, wrong
/// passwords, posts from other sites, paths that try to leave the artwork store, and
/// hundreds of idle connections. The music keeps playing through all of it.
final class WebHostileInputTests: XCTestCase {
    static let password = "open sesame"
    var dir: TemporaryDirectory!
    var daemon: DaemonProcess!
    var web: Process!
    var port = 0
    var webLog: String { dir.path + "/crate-web.log" }

    override func setUpWithError() throws {
        dir = try TemporaryDirectory(prefix: "webhostile")
        port = Self.freePort()
        daemon = try DaemonProcess(dir: dir.path, extraConfig: """
            [web]
            listen = "127.0.0.1:\(port)"
            password = "\(Self.password)"
            max_clients = 64
            """)
        web = Process()
        web.executableURL = URL(fileURLWithPath: try DaemonProcess.executable("crate-web"))
        web.arguments = ["--config", daemon.configPath]
        FileManager.default.createFile(atPath: webLog, contents: nil)
        web.standardError = FileHandle(forWritingAtPath: webLog)
        try web.run()
        let deadline = Date().addingTimeInterval(20)
        while (try? RawHTTP.request(port, "GET", "/"))?.status != 200 {  // not listening yet: asked again
            // A crate-web that does not start fails the test (a skip would pass it unseen).
            guard Date() < deadline, web.isRunning else { throw FixtureError("crate-web did not start: \(log)") }
            usleep(50_000)
        }
    }

    override func tearDown() {
        if web?.isRunning == true { web.terminate(); web.waitUntilExit() }
        _ = daemon?.stop()
        dir?.remove()
    }

    var log: String { (try? String(contentsOfFile: webLog, encoding: .utf8)) ?? "" }  // no log yet: empty

    static func freePort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                _ = bind(fd, pointer, length)
                return getsockname(fd, pointer, &length)
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// A signed-in session's cookie header.
    func signIn() throws -> [String: String] {
        let reply = try RawHTTP.request(port, "POST", "/api/login", headers: ["Origin": "http://127.0.0.1:\(port)"],
                                        body: #"{"password":"\#(Self.password)"}"#)
        XCTAssertEqual(reply.status, 200, reply.body)
        let cookie = try XCTUnwrap(reply.headers["set-cookie"])
        XCTAssertTrue(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"), cookie)
        return ["Cookie": String(cookie.split(separator: ";")[0]), "Origin": "http://127.0.0.1:\(port)"]
    }

    /// A long sweep playing, so each test can check the music went on.
    func startMusic(seconds: Double = 20) throws { try daemon.startMusic(in: dir, seconds: seconds) }

    func assertStillPlaying(file: StaticString = #filePath, line: UInt = #line) throws {
        try daemon.assertStillPlaying(file: file, line: line)
    }

    func testAWrongPasswordGetsNoSessionAndNothingWithoutOne() throws {
        let wrong = try RawHTTP.request(port, "POST", "/api/login", headers: ["Origin": "http://127.0.0.1:\(port)"],
                                        body: #"{"password":"guess"}"#)
        XCTAssertEqual(wrong.status, 401)
        XCTAssertNil(wrong.headers["set-cookie"])
        for path in ["/api/status", "/api/crate", "/api/albums", "/api/artists", "/cover/1", "/api/events"] {
            XCTAssertEqual(try RawHTTP.request(port, "GET", path).status, 401, path)
            XCTAssertEqual(try RawHTTP.request(port, "GET", path, headers: ["Cookie": "crate_session=forged"]).status, 401, path)
        }
        XCTAssertEqual(try RawHTTP.request(port, "GET", "/").status, 200, "the page itself asks for the password")
        // What installs the page is the same for every box: a browser fetches the manifest without cookies.
        for path in ["/manifest.webmanifest", "/icon.svg", "/icon-192.png", "/icon-512.png"] {
            XCTAssertEqual(try RawHTTP.request(port, "GET", path).status, 200, path)
        }
        // Right after a wrong password this address waits its turn, even with the right one.
        let early = try RawHTTP.request(port, "POST", "/api/login", headers: ["Origin": "http://127.0.0.1:\(port)"],
                                        body: #"{"password":"\#(Self.password)"}"#)
        XCTAssertEqual(early.status, 429, early.body)
        let wait = try XCTUnwrap(Int(early.headers["retry-after"] ?? ""), "\(early.headers)")
        XCTAssertNil(early.headers["set-cookie"])
        usleep(useconds_t(wait) * 1_000_000 + 100_000)
        let session = try signIn()
        let status = try RawHTTP.request(port, "GET", "/api/status", headers: session)
        XCTAssertEqual(status.status, 200, status.body)
        XCTAssertTrue(status.body.contains(#""version""#), status.body)
    }

    func testPostsFromAnotherSiteAreRefused() throws {
        try startMusic()
        var session = try signIn()
        for origin in ["http://evil.example", "http://127.0.0.1:\(port).evil.example", "null", nil] {
            session["Origin"] = origin
            let reply = try RawHTTP.request(port, "POST", "/api/do", headers: session.compactMapValues { $0 }, body: #"{"cmd":"stop"}"#)
            XCTAssertEqual(reply.status, 403, "\(origin ?? "no origin"): \(reply.body)")
        }
        try assertStillPlaying()
        session["Origin"] = "http://127.0.0.1:\(port)"
        XCTAssertEqual(try RawHTTP.request(port, "POST", "/api/do", headers: session, body: #"{"cmd":"pause"}"#).status, 200)
        try daemon.waitFor("paused by the page itself") { $0.state == .paused }
    }

    func testOversizedAndMalformedRequestsAreRefusedAndTheMusicGoesOn() throws {
        try startMusic()
        let session = try signIn()
        let big = #"{"cmd":"pause","pad":""# + String(repeating: "x", count: 2 * 1024 * 1024) + #""}"#
        XCTAssertEqual(try RawHTTP.request(port, "POST", "/api/do", headers: session, body: big).status, 413)
        for body in ["not json", "[1,2]", #"{"cmd":"restore","paths":["/tmp/x"]}"#, #"{"cmd":"play","paths":["/etc"]}"#,
                     #"{"cmd":"library-scan"}"#, #"{"cmd":"seek","seconds":-1}"#, #"{"cmd":"sleep","sleep":"forever"}"#] {
            let reply = try RawHTTP.request(port, "POST", "/api/do", headers: session, body: body)
            XCTAssertEqual(reply.status, 400, "\(body): \(reply.body)")
            XCTAssertTrue(reply.body.contains(#""ok":false"#), reply.body)
        }
        let header = String(repeating: "y", count: 100 * 1024)
        let huge = try RawHTTP.exchange(port, Array("GET / HTTP/1.1\r\nHost: a\r\nX-Big: \(header)\r\n\r\n".utf8))
        XCTAssertFalse(huge.hasPrefix("HTTP/1.1 200"), "a 100 KB header is not served: \(huge.prefix(80))")
        let garbage = try RawHTTP.exchange(port, Array("\u{1}\u{2}GARBAGE / HTTP/9\r\n\r\n".utf8))
        XCTAssertFalse(garbage.hasPrefix("HTTP/1.1 200"), garbage)
        XCTAssertEqual(try RawHTTP.request(port, "GET", "/api/albums?q=" + String(repeating: "z", count: 300), headers: session).status, 400)
        XCTAssertEqual(try RawHTTP.request(port, "GET", "/api/album/notanumber", headers: session).status, 400)
        try assertStillPlaying()
        XCTAssertEqual(try RawHTTP.request(port, "GET", "/api/status", headers: session).status, 200, "still serving")
        XCTAssertTrue(web.isRunning)
    }

    func testCoverPathsCannotLeaveTheArtworkStore() throws {
        let session = try signIn()
        let secret = dir.file("secret.txt")
        try "the box's secret".write(toFile: secret, atomically: true, encoding: .utf8)
        let tries = ["/cover/../../etc/passwd", "/cover/..%2f..%2fetc%2fpasswd", "/cover/%2e%2e/%2e%2e/etc/passwd",
                     "/cover/1/../../../etc/passwd", "/cover/" + secret, "/cover/-1", "/cover/1.jpg",
                     "/app.js/../../etc/passwd", "/../../etc/passwd", "/cover/99999999999999999999",
                     "/cover/1?size=huge", "/cover/1?size=..%2f..%2fetc%2fpasswd", "/cover/1?size=4000"]
        for path in tries {
            let reply = try RawHTTP.request(port, "GET", path, headers: session)
            XCTAssertNotEqual(reply.status, 200, "\(path): \(reply.body.prefix(80))")
            XCTAssertFalse(reply.body.contains("root:") || reply.body.contains("the box's secret"), path)
        }
    }

    func testFiveHundredIdleConnectionsAreBoundedAndTheMusicGoesOn() throws {
        try startMusic(seconds: 60)
        let session = try signIn()
        var idle: [Int32] = []
        defer { idle.forEach { close($0) } }
        // A refused connect is counted by the assertion below, not thrown.
        for _ in 0..<500 { if let fd = try? RawHTTP.connect(port, waiting: false) { idle.append(fd) } }
        XCTAssertEqual(idle.count, 500, "the connections were opened (the kernel's queue holds those not accepted)")
        usleep(500_000)
        let open = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(web.processIdentifier)/fd").count
        XCTAssertLessThan(open, 64 + 40, "crate-web holds at most max_clients connections, not 500 (\(open) descriptors)")
        try assertStillPlaying()
        idle.forEach { close($0) }
        idle = []
        // Served again as soon as the idle ones are gone.
        let deadline = Date().addingTimeInterval(20)
        var status = 0
        while Date() < deadline {
            status = (try? RawHTTP.request(port, "GET", "/api/status", headers: session).status) ?? 0  // not served yet: asked again
            if status == 200 { break }
            usleep(100_000)
        }
        XCTAssertEqual(status, 200)
        try assertStillPlaying()
    }

    /// `crate-admin doctor` has a line for the page.
    func testDoctorSaysWhereThePageIsServed() throws {
        let doctor = try AdminProcess.run(["doctor", "--socket", daemon.socket, "--config", daemon.configPath])
        let line = doctor.out.split(separator: "\n").first { $0.contains("web") && $0.contains("127.0.0.1:\(port)") }
        XCTAssertTrue(line?.contains("the page is served") == true, doctor.out)
        web.terminate()
        web.waitUntilExit()
        let stopped = try AdminProcess.run(["doctor", "--socket", daemon.socket, "--config", daemon.configPath])
        XCTAssertTrue(stopped.out.contains("does not answer"), stopped.out)
    }
}
