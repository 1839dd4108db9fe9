import Foundation
import TestSupport
import XCTest

/// A real crate-web started from the build folder, in front of a test's crated, with a
/// `[web]` section of the test's own (its config is crated's plus that section).
final class WebProcess {
    let process = Process()
    let port: Int
    let configPath: String
    let logPath: String

    /// `sharedConfig`: crate-web reads crated's own config (its `[web]` section, if any,
    /// included) and listens on loopback by `--listen`, whatever `[web] listen` says.
    init(daemon: DaemonProcess, dir: String, name: String = "crate-web", web section: String,
         sharedConfig: Bool = false) throws {
        port = try FreePorts.take(1)[0]
        configPath = sharedConfig ? daemon.configPath : dir + "/\(name).toml"
        logPath = dir + "/\(name).log"
        if !sharedConfig {
            let config = try String(contentsOfFile: daemon.configPath, encoding: .utf8)
                + "\n[web]\nlisten = \"127.0.0.1:\(port)\"\n" + section + "\n"
            try config.write(toFile: configPath, atomically: true, encoding: .utf8)
        }
        process.executableURL = URL(fileURLWithPath: try DaemonProcess.executable("crate-web"))
        process.arguments = ["--config", configPath] + (sharedConfig ? ["--listen", "127.0.0.1:\(port)"] : [])
        guard FileManager.default.createFile(atPath: logPath, contents: nil) else { throw FixtureError("cannot create \(logPath)") }
        process.standardError = FileHandle(forWritingAtPath: logPath)
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while (try? RawHTTP.request(port, "GET", "/"))?.status != 200 {  // not listening yet: asked again
            // A crate-web that does not start fails the test (a skip would pass it unseen).
            guard Date() < deadline, process.isRunning else { throw FixtureError("crate-web did not start: \(log)") }
            usleep(50_000)
        }
    }

    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }  // no log yet: empty
    var pid: Int32 { process.processIdentifier }

    /// Resident memory in KiB, from /proc.
    func residentKiB() throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        return try XCTUnwrap(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
    }

    /// SIGTERM, and SIGKILL if it has not gone 10 s later (a test that failed must not
    /// hang the rest on a crate-web that does not stop).
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(pid, SIGKILL) }
        process.waitUntilExit()
    }

    /// A signed-in session's cookie and this page's Origin.
    func signIn(password: String) throws -> [String: String] {
        let reply = try RawHTTP.request(port, "POST", "/api/login", headers: ["Origin": "http://127.0.0.1:\(port)"],
                                        body: #"{"password":"\#(password)"}"#)
        XCTAssertEqual(reply.status, 200, reply.body)
        let cookie = try XCTUnwrap(reply.headers["set-cookie"])
        return ["Cookie": String(cookie.split(separator: ";")[0]), "Origin": "http://127.0.0.1:\(port)"]
    }
}
