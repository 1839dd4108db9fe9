import CrateCore
import Foundation
import TestSupport
import XCTest

/// Limits that hold for all MPD clients together: a flood of connections cannot close the
/// app waiting in `idle`, and many unfinished command lists cannot take the box's memory.
extension MPDLimitsTests {
    func testAnAppWaitingInIdleOutlastsAFloodOfNewcomers() throws {
        let (daemon, port) = try startCrate("max_clients = 8")
        let app = try PythonMPDApp(port: port, script: """
            client.status()
            print("idling", flush=True)
            try:
                print(",".join(sorted(client.idle())), flush=True)
                print(client.status()["state"], flush=True)
            except Exception as error:
                print("lost: %r" % error, flush=True)
            """)
        XCTAssertEqual(app.line(), "idling")
        usleep(500_000)  // Its `idle` reaches crated before the flood does.

        // Forty newcomers on a cap of eight: the first twenty copy the app and wait in
        // `idle` too, the others connect and say nothing. Each one is greeted.
        var flood: [MPDLineClient] = []
        for number in 0..<40 {
            let newcomer = try MPDLineClient(port: port)
            XCTAssertTrue(newcomer.greeting.hasPrefix("OK MPD "), "newcomer \(number) is greeted")
            if number < 20 { XCTAssertTrue(newcomer.send(Array("idle\n".utf8))) }
            flood.append(newcomer)
        }
        XCTAssertNil(try flood[6].readLine(), "the flood made room among itself")
        XCTAssertEqual(try flood[39].command("ping"), ["OK"], "the newest is served")

        // The app still hears what the box does.
        let played = try AdminProcess.run(["input", "press", "play", "--socket", daemon.socket])
        XCTAssertEqual(played.code, 0, played.err)
        XCTAssertTrue(app.line().split(separator: ",").contains("player"), "the app's idle connection was kept")
        XCTAssertEqual(app.line(), "play")
        XCTAssertTrue(daemon.log.contains("([mpd] max_clients): closing"), daemon.log)
        withExtendedLifetime(flood) {}
    }

    func testUnfinishedCommandListsAreBoundedTogetherAndTheirMemoryComesBack() throws {
        let (daemon, port) = try startCrate("max_command_lists_total = 8388608")
        let line = "find \"(artist == '\(String(repeating: "x", count: 454))')\"\n"
        XCTAssertEqual(line.utf8.count - 1, 475)
        let unfinished = Array(("command_list_begin\n" + String(repeating: line, count: 4000)).utf8)  // 1.9 MB
        let watcher = try MPDLineClient(port: port)
        XCTAssertEqual(try watcher.command("command_list_begin\n" + line + "command_list_end"), ["OK"])
        let before = try residentKB(daemon)

        // Forty clients each leave a 1.9 MB list unfinished: four fit in the 8 MB.
        var holders: [MPDLineClient] = [], answers: [String?] = []
        for _ in 0..<40 {
            let holder = try MPDLineClient(port: port)
            answers.append(try holder.sendUntilAnswered(unfinished))
            holders.append(holder)
        }
        // The answers to lists crated reads after they were sent, until a second brings none.
        var answered = true
        while answered {
            answered = false
            for (index, holder) in holders.enumerated() where answers[index] == nil {
                answers[index] = try holder.lineIfAny(withinMilliseconds: answered ? 0 : 1000)
                answered = answered || answers[index] != nil
            }
        }
        let refusals = answers.compactMap { $0 }
        XCTAssertGreaterThanOrEqual(refusals.count, 36, "the lists past 8 MB are refused")
        XCTAssertLessThanOrEqual(refusals.count, 37, "lists within 8 MB are kept")
        for refusal in refusals {
            XCTAssertTrue(refusal.hasSuffix("""
                {} the command lists of all clients would hold more than 8388608 bytes \
                ([mpd] max_command_lists_total); send a shorter list or try again later
                """), refusal)
        }
        XCTAssertEqual(try watcher.command("ping"), ["OK"], "everyone else is served")
        // What the kernel still buffers reaches crated over the next moments: its most.
        var held = 0
        for _ in 0..<20 {
            held = max(held, try residentKB(daemon) - before)
            usleep(100_000)
        }
        XCTAssertLessThan(held, 24 << 10, "crated holds about 8 MB of lists, not 76 (grew \(held) kB)")
        XCTAssertEqual(try holders[39].command("command_list_end\nping"), ["OK"], "the refused list is dropped to its end")
        XCTAssertTrue(daemon.log.contains("max_command_lists_total = 8388608); refusing further lists"), daemon.log)

        // They go: the memory comes back and a whole list fits again.
        holders.removeAll()
        usleep(300_000)
        XCTAssertEqual(try watcher.command("ping"), ["OK"])
        let after = try residentKB(daemon) - before
        XCTAssertLessThan(after, 16 << 10, "what the lists held is returned (still \(after) kB over)")
        let next = try MPDLineClient(port: port)
        XCTAssertNil(try next.sendUntilAnswered(unfinished + Array("command_list_end\n".utf8)))
        XCTAssertEqual(try next.answer(), ["OK"], "a 1.9 MB list runs once the others are gone")
    }
}

/// An MPD app in python-mpd2 (Debian's python3-mpd): `client` connected to crated, then
/// `script`; its printed lines are read one at a time.
final class PythonMPDApp {
    let process = Process()
    private let out = Pipe()

    init(port: UInt16, script: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", """
            import mpd
            client = mpd.MPDClient()
            client.connect("127.0.0.1", \(port))
            \(script)
            """]
        process.standardOutput = out
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    /// The next printed line; "" once the app has ended.
    func line() -> String {
        var bytes: [UInt8] = []
        while true {
            let byte = out.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte.first == 0x0A { return String(decoding: bytes, as: UTF8.self) }
            bytes += byte
        }
    }
}
