import CrateCore
import Foundation
import TestSupport
import XCTest

/// `crate-admin doctor`, the real binary against a real crated and real files: what an
/// admin sees when asking why the box does not play.
final class DoctorTests: XCTestCase {
    var dir: TemporaryDirectory!

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "doctor") }
    override func tearDown() { dir?.remove() }

    struct Finding: Decodable, Equatable {
        var check: String
        var status: String
        var detail: String
        var fix: String?
    }

    struct Run {
        var code: Int32
        var out: String
        var err: String

        /// The `--json` output, decoded.
        func findings(file: StaticString = #filePath, line: UInt = #line) throws -> [Finding] {
            do {
                return try JSONDecoder().decode([Finding].self, from: Data(out.utf8))
            } catch {
                XCTFail("doctor --json printed no JSON array (\(error)): \(out) \(err)", file: file, line: line)
                throw error
            }
        }
    }

    func doctor(_ args: [String]) throws -> Run {
        let run = try AdminProcess.run(["doctor"] + args)
        return Run(code: run.code, out: run.out, err: run.err)
    }

    func only(_ check: String, in findings: [Finding], file: StaticString = #filePath, line: UInt = #line) throws -> Finding {
        let matching = findings.filter { $0.check == check }
        guard matching.count == 1 else {
            XCTFail("expected one \(check) finding, got \(matching)", file: file, line: line)
            throw FixtureError("no single \(check) finding")
        }
        return matching[0]
    }

    /// The human listing's line for `check` (`FAIL  socket  …`) and the fix line under it, if any.
    func humanLines(_ check: String, in out: String) -> (line: String, fix: String?)? {
        let lines = out.split(separator: "\n").map(String.init)
        guard let index = lines.firstIndex(where: { line in
            ["ok", "warn", "FAIL"].contains { line.hasPrefix($0.padding(toLength: 6, withPad: " ", startingAt: 0) + check + " ") }
        }) else { return nil }
        let next = index + 1 < lines.count ? lines[index + 1] : ""
        return (lines[index], next.hasPrefix("      fix: ") ? next : nil)
    }

    // MARK: - A working box

    func testHealthyDaemonPassesEveryCheckAndJSONParses() throws {
        let music = dir.file("music")
        try FileManager.default.createDirectory(atPath: music, withIntermediateDirectories: true)
        let daemon = try DaemonProcess(dir: dir.path, libraryPaths: [music])
        let args = ["--socket", daemon.socket, "--config", daemon.configPath]

        let human = try doctor(args)
        XCTAssertEqual(human.code, 0, human.out + human.err)
        for check in ["config", "daemon", "disk", "library"] {
            XCTAssertTrue(humanLines(check, in: human.out)?.line.hasPrefix("ok ") == true, "\(check) not ok:\n\(human.out)")
        }
        XCTAssertTrue(human.out.contains("pid \(daemon.process.processIdentifier)"), human.out)
        XCTAssertFalse(human.out.contains("\u{1B}["), "no colours when stdout is not a terminal")

        let json = try doctor(args + ["--json"])
        XCTAssertEqual(json.code, 0, json.out + json.err)
        let findings = try json.findings()
        let names = Set(findings.map(\.check))
        for check in ["config", "daemon", "user", "socket", "audio device", "gpio", "display", "realtime", "memlock",
                      "disk", "library", "plex"] {
            XCTAssertTrue(names.contains(check), "no \(check) in \(names)")
        }
        XCTAssertEqual(findings.filter { $0.status == "fail" }, [])
        for finding in findings {
            XCTAssertTrue(["ok", "warn"].contains(finding.status), "\(finding)")
            XCTAssertEqual(finding.fix == nil, finding.status == "ok", "a fix exactly for non-ok lines: \(finding)")
        }
        for check in ["config", "daemon", "disk", "library", "plex", "gpio", "display"] {
            XCTAssertEqual(try only(check, in: findings).status, "ok", "\(check): \(findings)")
        }
        // Nobody runs the tests with a `crate` group that the socket (owned by the test user) would lack.
        let socket = try only("socket", in: findings)
        if getgrnam("crate") == nil { XCTAssertEqual(socket.status, "ok", "\(socket)") }
        XCTAssertTrue(try only("gpio", in: findings).detail.contains("no buttons configured"))
        let daemonLine = try only("daemon", in: findings)
        XCTAssertTrue(daemonLine.detail.contains("uid \(getuid())"), daemonLine.detail)
        // The file sink is not a sound card: said, with the way to choose one.
        let audio = try only("audio device", in: findings)
        XCTAssertEqual(audio.status, "warn", "\(audio)")
        XCTAssertTrue(audio.detail.contains(daemon.capture), audio.detail)
    }

    func testDoctorFindsTheDaemonsConfigWithoutBeingTold() throws {
        let daemon = try DaemonProcess(dir: dir.path)
        let run = try doctor(["--socket", daemon.socket, "--json"])
        let config = try only("config", in: try run.findings())
        XCTAssertEqual(config.status, "ok")
        XCTAssertEqual(config.detail, "\(daemon.configPath) parses")
    }

    // MARK: - What goes wrong

    func testBrokenConfigLineFailsNamingTheLine() throws {
        let daemon = try DaemonProcess(dir: dir.path)
        // Edited after the daemon started: it still runs, but would not start again.
        try """
            state_dir = "\(dir.path)/state"
            [audio]
            rt_priority = "high"
            """.write(toFile: daemon.configPath, atomically: true, encoding: .utf8)
        let run = try doctor(["--socket", daemon.socket, "--config", daemon.configPath])
        XCTAssertEqual(run.code, 1, run.out)
        let config = try XCTUnwrap(humanLines("config", in: run.out), run.out)
        XCTAssertTrue(config.line.hasPrefix("FAIL  config"), config.line)
        XCTAssertTrue(config.line.contains("\(daemon.configPath):3:"), config.line)
        XCTAssertTrue(config.line.contains("rt_priority"), config.line)
        XCTAssertTrue(config.fix?.contains("line 3 of \(daemon.configPath)") == true, "\(config)")
        XCTAssertTrue(humanLines("daemon", in: run.out)?.line.hasPrefix("ok ") == true, run.out)
    }

    func testWorldWritableSocketFailsWithAChmodFix() throws {
        let daemon = try DaemonProcess(dir: dir.path)
        XCTAssertEqual(chmod(daemon.socket, 0o666), 0)
        let run = try doctor(["--socket", daemon.socket, "--config", daemon.configPath, "--json"])
        XCTAssertEqual(run.code, 1, run.out)
        let socket = try only("socket", in: try run.findings())
        XCTAssertEqual(socket.status, "fail")
        XCTAssertTrue(socket.detail.contains("0666"), socket.detail)
        XCTAssertEqual(socket.fix?.hasPrefix("sudo chmod 0660 \(daemon.socket)"), true, "\(socket)")
    }

    func testRemovedLibraryRootIsReported() throws {
        let music = dir.file("music")
        try FileManager.default.createDirectory(atPath: music, withIntermediateDirectories: true)
        let daemon = try DaemonProcess(dir: dir.path, libraryPaths: [music])
        TemporaryDirectory.removeTree(music)
        let run = try doctor(["--socket", daemon.socket, "--config", daemon.configPath, "--json"])
        let library = try only("library", in: try run.findings())
        XCTAssertEqual(library.status, "warn", "\(library)")
        XCTAssertTrue(library.detail.contains(music) && library.detail.contains("No such file"), library.detail)
        XCTAssertTrue(library.fix?.contains("mount") == true, "\(library)")
        XCTAssertEqual(run.code, 0, "a vanished mount is a warning: \(run.out)")
    }

    func testNoDaemonFailsWithSystemctlAndJournalctlFix() throws {
        try "state_dir = \"\(dir.path)/state\"\n".write(toFile: dir.file("crate.toml"), atomically: true, encoding: .utf8)
        let run = try doctor(["--socket", dir.file("none.sock"), "--config", dir.file("crate.toml")])
        XCTAssertEqual(run.code, 1, run.out)
        let daemon = try XCTUnwrap(humanLines("daemon", in: run.out), run.out)
        XCTAssertTrue(daemon.line.hasPrefix("FAIL  daemon"), daemon.line)
        XCTAssertTrue(daemon.line.contains("not running"), daemon.line)
        XCTAssertTrue(daemon.fix?.contains("systemctl status crated") == true, "\(daemon)")
        XCTAssertTrue(daemon.fix?.contains("journalctl -u crated") == true, "\(daemon)")
        XCTAssertTrue(humanLines("realtime", in: run.out)?.line.hasPrefix("warn") == true, "skipped without a daemon")
        XCTAssertTrue(run.out.hasSuffix("checks)\n"), "a summary closes the list: \(run.out)")
    }

    // MARK: - The audio buffer locked in RAM

    /// An audio buffer the kernel would not lock (`LimitMEMLOCK` too low, no CAP_IPC_LOCK):
    /// crated says so in its status, and doctor warns with the fix.
    func testABufferNotLockedInRAMIsAWarningWithTheFix() throws {
        // Root may lock any amount: without CAP_IPC_LOCK and with a 64 KiB limit the 2 MiB
        // ring cannot be locked, as for the crate user under a tight unit.
        let daemon = try DaemonProcess(dir: dir.path, launcher: ["/usr/bin/prlimit", "--memlock=65536:65536",
                                                                 "/usr/bin/setpriv", "--bounding-set=-ipc_lock"])
        let output = try daemon.status().player.output
        XCTAssertEqual(output.bufferLocked, false, "\(output)")
        let findings = try doctor(["--json", "--socket", daemon.socket, "--config", daemon.configPath]).findings()
        let memlock = try only("memlock", in: findings)
        XCTAssertEqual(memlock.status, "warn", "\(memlock)")
        XCTAssertTrue(memlock.detail.hasPrefix("audio buffer not locked in RAM"), memlock.detail)
        XCTAssertTrue(memlock.fix?.contains("LimitMEMLOCK=") == true, "\(memlock)")
        XCTAssertEqual(daemon.stop(), 0)

        try FileManager.default.createDirectory(atPath: dir.path + "/locked", withIntermediateDirectories: true)
        let locked = try DaemonProcess(dir: dir.path + "/locked")
        XCTAssertEqual(try locked.status().player.output.bufferLocked, true)
        XCTAssertEqual(locked.stop(), 0)
    }
}
