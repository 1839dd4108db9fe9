import CrateCore
import CrateWire
import Foundation
import Glibc
import TestSupport
import XCTest

/// The page's trust model against a real crate-web in front of a real crated: only the
/// box's own names are served (a website cannot rebind a name of its own to the box),
/// and the box's accounts are not anyone's on an open page.
final class WebTrustTests: XCTestCase {
    var dir: TemporaryDirectory!
    var daemon: DaemonProcess!
    var webs: [WebProcess] = []

    override func setUpWithError() throws {
        dir = try TemporaryDirectory(prefix: "webtrust")
    }

    override func tearDown() {
        webs.forEach { $0.stop() }
        _ = daemon?.stop()
        dir?.remove()
    }

    func startWeb(_ section: String = "", name: String = "crate-web") throws -> WebProcess {
        let web = try WebProcess(daemon: daemon, dir: dir.path, name: name, web: section)
        webs.append(web)
        return web
    }

    /// The issue's probe: with no password, a page from evil.example whose name was made to
    /// point at the box (DNS rebinding) sent `stop` with Host and Origin both its own.
    func testAWebsiteRebindingItsNameToTheBoxIsRefused() throws {
        daemon = try DaemonProcess(dir: dir.path)
        let web = try startWeb(#"hosts = ["crate.home.arpa"]"#)
        try daemon.startMusic(in: dir)
        for evil in ["evil.example:\(web.port)", "evil.example", "EVIL.example.:\(web.port)", "127.0.0.1.evil.example:\(web.port)"] {
            let stop = try RawHTTP.request(web.port, "POST", "/api/do", headers: ["Origin": "http://\(evil)"],
                                           body: #"{"cmd":"stop"}"#, host: evil)
            XCTAssertEqual(stop.status, 403, "\(evil): \(stop.body)")
            XCTAssertTrue(stop.body.contains("[web] hosts"), "the refusal says how to allow a name: \(stop.body)")
            // Reading the box's state through the rebound name is refused too.
            XCTAssertEqual(try RawHTTP.request(web.port, "GET", "/api/status", host: evil).status, 403, evil)
        }
        XCTAssertEqual(try RawHTTP.request(web.port, "GET", "/", host: "").status, 403, "an empty Host")
        try daemon.assertStillPlaying()

        // The box's own names: loopback, its host name and that name .local, the listen
        // address, and what the admin listed. The port is not compared (a forwarded one).
        var buffer = [CChar](repeating: 0, count: 256)
        XCTAssertEqual(gethostname(&buffer, 255), 0)
        let hostName = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).lowercased()
        let short = String(hostName.split(separator: ".").first ?? "")
        for own in ["127.0.0.1:\(web.port)", "localhost:\(web.port)", "[::1]:\(web.port)", "127.0.0.1:18080",
                    "\(hostName):\(web.port)", "\(short).local:\(web.port)", "crate.home.arpa", "Crate.Home.Arpa.:\(web.port)"] {
            XCTAssertEqual(try RawHTTP.request(web.port, "GET", "/api/status", host: own).status, 200, own)
        }
        let pause = try RawHTTP.request(web.port, "POST", "/api/do", headers: ["Origin": "http://crate.home.arpa:8080"],
                                        body: #"{"cmd":"pause"}"#, host: "crate.home.arpa:8080")
        XCTAssertEqual(pause.status, 200, pause.body)
        try daemon.waitFor("paused through a name the admin listed") { $0.state == .paused }
        // An own Host with another site's Origin is still another site.
        let forged = try RawHTTP.request(web.port, "POST", "/api/do", headers: ["Origin": "http://evil.example"],
                                         body: #"{"cmd":"toggle"}"#)
        XCTAssertEqual(forged.status, 403, forged.body)
    }

    /// "Sign in to Plex" on an open page would let anyone on the network replace the box's
    /// Plex account: it needs a page signed in with the password.
    func testSigningInToPlexNeedsThePassword() throws {
        let plex = try PlexFixture()
        defer { plex.process.terminate() }
        daemon = try DaemonProcess(dir: dir.path, extraConfig: "[plex]\ntv_url = \"\(plex.url)\"\nsync_interval = 0\n")
        let open = try startWeb("", name: "open-web")
        let origin = ["Origin": "http://127.0.0.1:\(open.port)"]
        let refused = try RawHTTP.request(open.port, "POST", "/api/do", headers: origin, body: #"{"cmd":"plex-login"}"#)
        XCTAssertEqual(refused.status, 403, refused.body)
        XCTAssertTrue(refused.body.contains("[web] password") && refused.body.contains("crate-admin plex login"),
                      "the refusal says how to allow it: \(refused.body)")
        XCTAssertEqual(try plexAuth(), .signedOut, "crated was not asked to sign in")
        // The rest of the open page still works.
        XCTAssertEqual(try RawHTTP.request(open.port, "POST", "/api/do", headers: origin, body: #"{"cmd":"crate"}"#).status, 200)

        let guarded = try startWeb(#"password = "sesame""#, name: "guarded-web")
        let session = try guarded.signIn(password: "sesame")
        let started = try RawHTTP.request(guarded.port, "POST", "/api/do", headers: session, body: #"{"cmd":"plex-login"}"#)
        XCTAssertEqual(started.status, 200, started.body)
        XCTAssertTrue(started.body.contains("pinCode"), started.body)
        XCTAssertEqual(try plexAuth(), .signingIn, "with the password, the page may sign the box in")
    }

    func plexAuth() throws -> PlexAuth? {
        let client = try daemon.connect()
        defer { client.close() }
        return try client.request(ControlRequest(cmd: .plexStatus), timeout: 10).plex?.auth
    }

    /// `doctor` warns when the page listens beyond loopback without a password.
    func testDoctorWarnsAboutAnOpenPageOnTheNetwork() throws {
        daemon = try DaemonProcess(dir: dir.path)
        let config = dir.file("open.toml")
        let port = try FreePorts.take(1)[0]
        for (listen, password, expected) in [("0.0.0.0:\(port)", "", "warn"), ("0.0.0.0:\(port)", "secret", "ok"),
                                             ("127.0.0.1:\(port)", "", "ok")] {
            let text = try String(contentsOfFile: daemon.configPath, encoding: .utf8)
                + "\n[web]\nlisten = \"\(listen)\"\npassword = \"\(password)\"\n"
            try text.write(toFile: config, atomically: true, encoding: .utf8)
            let web = Process()
            web.executableURL = URL(fileURLWithPath: try DaemonProcess.executable("crate-web"))
            web.arguments = ["--config", config]
            web.standardError = FileHandle.nullDevice
            try web.run()
            defer { web.terminate(); web.waitUntilExit() }
            let deadline = Date().addingTimeInterval(20)
            while (try? RawHTTP.request(port, "GET", "/"))?.status != 200, Date() < deadline { usleep(50_000) }  // not yet listening
            let doctor = try AdminProcess.run(["doctor", "--socket", daemon.socket, "--config", config])
            // "STATUS  web  detail", then "fix: ..." when it is not ok.
            let lines = doctor.out.split(separator: "\n")
            let at = try XCTUnwrap(lines.firstIndex { $0.split(separator: " ").dropFirst().first == "web" }, doctor.out)
            XCTAssertTrue(lines[at].hasPrefix(expected), "\(listen), password '\(password)': \(lines[at])")
            XCTAssertTrue(lines[at].contains("the page is served"), String(lines[at]))
            if expected == "warn" {
                let fix = at + 1 < lines.count ? String(lines[at + 1]) : ""
                XCTAssertTrue(fix.contains("fix:") && fix.contains("[web] password"), "the fix names the setting: \(fix)")
            }
        }
    }
}
