import CrateCore
import CrateWire
import Foundation
import TestSupport
import XCTest

/// The daemon as an admin meets it: no sound card, no real-time rights, a broken config,
/// garbage on the socket. Each gets a clear answer and the box keeps working.
final class DaemonRobustnessTests: XCTestCase {
    var dir: TemporaryDirectory!

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "robust") }
    override func tearDown() { dir?.remove() }

    func shortAlbum() throws -> [String] {
        let path = dir.file("01 Short.mp3")
        try AudioFixtures.encodeMP3(AudioFixtures.sweep(rate: 44100, seconds: 1.5), rate: 44100, channels: 2,
                                    encoding: .cbr(kbps: 128), to: path)
        return [path]
    }

    /// No card and no device configured: say so, fall back to a paced null sink, play anyway.
    func testNoSoundCardFallsBackToANullSink() throws {
        // Unreadable /proc/asound/cards means no ALSA cards: the fallback path applies.
        if let cards = try? String(contentsOfFile: "/proc/asound/cards", encoding: .utf8), !cards.contains("no soundcards") {
            throw XCTSkip("this machine has a sound card; the fallback path needs none")
        }
        let daemon = try DaemonProcess(dir: dir.path, device: nil, extraAudio: "")
        let status = try daemon.status()
        XCTAssertTrue(status.player.output.isFallback)
        XCTAssertEqual(status.player.output.device, "null")
        XCTAssertTrue(status.warnings.contains { $0.contains("no sound card") }, "\(status.warnings)")
        XCTAssertTrue(try daemon.request(.play, paths: try shortAlbum()).ok)
        // Paced like a real card: it is still playing a moment later, then ends.
        let playing = try daemon.waitFor("playing") { $0.state == .playing }
        XCTAssertLessThan(playing.position, 1.5)
        try daemon.waitFor("the end", timeout: 10) { $0.state == .idle }
        XCTAssertEqual(daemon.stop(), 0)
        XCTAssertTrue(daemon.log.contains("no sound card"), daemon.log)
    }

    /// Without CAP_SYS_NICE and with RLIMIT_RTPRIO 0, SCHED_FIFO is refused: logged once,
    /// shown in status, and playback still works.
    func testRefusedRealtimePriorityIsReportedAndPlaybackContinues() throws {
        let launcher = ["/usr/bin/setpriv", "--bounding-set", "-sys_nice", "--inh-caps", "-sys_nice",
                        "/usr/bin/prlimit", "--rtprio=0", "--"]
        let daemon = try DaemonProcess(dir: dir.path, launcher: launcher)
        let status = try daemon.status()
        XCTAssertFalse(status.player.output.realtime)
        XCTAssertTrue(status.player.output.realtimeMessage?.contains("refused") ?? false)
        XCTAssertTrue(status.warnings.contains { $0.contains("SCHED_FIFO") }, "\(status.warnings)")
        let album = try shortAlbum()
        XCTAssertTrue(try daemon.request(.play, paths: album).ok)
        try daemon.waitFor("the end", timeout: 10) { $0.state == .idle }
        XCTAssertEqual(daemon.stop(), 0)
        XCTAssertEqual(try AudioFixtures.readRaw(daemon.capture), try ReferenceDecode.samples(of: album[0]))
        XCTAssertEqual(daemon.log.components(separatedBy: "without real-time priority").count - 1, 1, "logged once")
    }

    /// A configured device that does not exist: the daemon stays up, says why, and waits
    /// for it (a DAC not switched on yet; see LateDACTests).
    func testMissingConfiguredDeviceIsWaitedForNotACrash() throws {
        let daemon = try DaemonProcess(dir: dir.path, device: "hw:7,0")
        let status = try daemon.status()
        XCTAssertEqual(status.player.state, .idle)
        XCTAssertEqual(status.player.output.waitingForDevice, true)
        let message = status.player.output.message ?? ""
        XCTAssertTrue(message.contains("hw:7,0") && message.contains("waiting for the DAC"), message)
        let reply = try daemon.request(.play, paths: try shortAlbum())
        XCTAssertFalse(reply.ok)
        XCTAssertTrue(reply.error?.contains("hw:7,0") ?? false, "\(reply)")
        XCTAssertTrue(try daemon.request(.ping).ok, "daemon must stay up")
    }

    func testBrokenConfigLineIsNamed() throws {
        let config = dir.file("bad.toml")
        try "state_dir = \"/tmp\"\n[audio]\nrt_priority = \"high\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try DaemonProcess.executable("crated"))
        process.arguments = ["--config", config]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(process.terminationStatus, 78)
        XCTAssertTrue(text.contains("bad.toml:3"), text)
        XCTAssertTrue(text.contains("rt_priority"), text)
    }

    /// Garbage, unknown commands, missing arguments and missing files: each answered, none fatal.
    func testMalformedRequestsGetErrorsAndTheDaemonStaysUp() throws {
        let daemon = try DaemonProcess(dir: dir.path)
        let client = try daemon.connect()
        for (line, expected) in [("{not json", "malformed"), ("{\"cmd\":\"dance\"}", "unknown command"),
                                 ("{\"cmd\":\"seek\"}", "seconds"), ("{\"cmd\":\"play\",\"paths\":[]}", "path"),
                                 ("{\"cmd\":\"play\",\"paths\":[\"/nonexistent/x.mp3\"]}", "No such file"),
                                 ("{\"cmd\":\"play\",\"paths\":[\"\(dir.path)\"]}", "no audio files"),
                                 ("{\"cmd\":\"pause\"}", "nothing is playing")] {
            try client.send(line)
            let reply = try client.readJSON(ControlReply.self)
            XCTAssertFalse(reply.ok, line)
            XCTAssertTrue(reply.error?.contains(expected) ?? false, "\(line) → \(reply.error ?? "nil")")
        }
        XCTAssertTrue(try client.request(ControlRequest(cmd: .ping)).ok)
    }

    /// Subscribers hear state and track changes as they happen, without polling.
    func testSubscribersFollowPlayback() throws {
        let daemon = try DaemonProcess(dir: dir.path)
        let watcher = try daemon.connect()
        try watcher.send(json: ControlRequest(cmd: .subscribe))
        XCTAssertTrue(try watcher.readJSON(ControlReply.self).ok)
        let album = try shortAlbum()
        XCTAssertTrue(try daemon.request(.play, paths: album + album).ok)
        var states: [String] = [], tracks: [Int?] = []
        while !states.contains("idle") || states.count < 2 {
            let event = try watcher.readJSON(DaemonEvent.self, timeout: 10)
            if event.event == .state { states.append(event.status.state.name) }
            if event.event == .track { tracks.append(event.status.currentIndex) }
        }
        XCTAssertEqual(states.first, "buffering")
        XCTAssertTrue(states.contains("playing"))
        XCTAssertEqual(states.last, "idle")
        XCTAssertEqual(tracks, [0, 1])
    }

    /// Tracks that cannot be played (refused at open, failing half-way) are each announced once.
    func testABadTrackIsAnnouncedOnce() throws {
        let daemon = try DaemonProcess(dir: dir.path)
        let watcher = try daemon.connect()
        try watcher.send(json: ControlRequest(cmd: .subscribe))
        XCTAssertTrue(try watcher.readJSON(ControlReply.self).ok)
        let good = try shortAlbum()
        let junk = dir.file("02 Junk.mp3")
        _ = FileManager.default.createFile(atPath: junk, contents: Data(repeating: 0x41, count: 5000))
        // A file that opens but fails half-way (a zeroed stretch stops the decoder's resync).
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: good[0])))
        for i in (bytes.count / 3)..<(2 * bytes.count / 3) { bytes[i] = 0 }
        let broken = dir.file("03 Broken.mp3")
        try Data(bytes).write(to: URL(fileURLWithPath: broken))
        XCTAssertTrue(try daemon.request(.play, paths: good + [junk] + [broken] + good).ok)
        var errors: [String] = []
        var states: [String] = []
        while !states.contains("idle") {
            let event = try watcher.readJSON(DaemonEvent.self, timeout: 10)
            if event.event == .state { states.append(event.status.state.name) }
            if event.event == .trackError { errors.append(event.message ?? "") }
        }
        XCTAssertEqual(errors.count, 2, "\(errors)")
    }

    /// A folder whose file names are not all UTF-8 plays every file, not only the valid
    /// names, and `crate-admin status` shows the odd name escaped.
    func testAFolderWithALatin1NamePlaysEveryFile() throws {
        let good = try shortAlbum()
        let folder = dir.file("Latin1 Album")
        for (i, name) in [Array("01 Caf".utf8) + [0xE9] + Array(".mp3".utf8), Array("02 Plain.mp3".utf8)].enumerated() {
            let hex = name.map { String(format: "%02x", $0) }.joined()
            try AudioFixtures.run("/usr/bin/python3", ["-c", "import os,shutil,sys; os.makedirs(sys.argv[2], exist_ok=True); "
                + "shutil.copy(sys.argv[1], os.path.join(os.fsencode(sys.argv[2]), bytes.fromhex(sys.argv[3])))",
                good[0], folder, hex])
            _ = i
        }
        let daemon = try DaemonProcess(dir: dir.path)
        XCTAssertTrue(try daemon.request(.play, paths: [folder]).ok)
        let playing = try daemon.status().player
        XCTAssertEqual(playing.tracks.count, 2, "\(playing.tracks.map(\.path))")
        let human = try AdminProcess.run(["--socket", daemon.socket, "status"])
        XCTAssertTrue(human.out.contains("Caf\\xE9.mp3"), human.out)
        let end = try daemon.waitFor("the folder played") { $0.state.name == "idle" }
        XCTAssertEqual(end.tracks.compactMap(\.error), [])
    }
}
