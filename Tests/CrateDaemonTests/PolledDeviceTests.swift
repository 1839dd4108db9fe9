import CrateCore
import Foundation
import TestSupport
import XCTest

/// Through a device with a clock of its own, where the writer sleeps in poll() until the
/// device has room (as on a card; the `file` sink of the other tests never makes it wait),
/// an album still plays gapless and sample-exact, without an underrun. The device here is
/// ALSA's jack plugin on a jackd with its dummy backend, behind a `file` tap that keeps
/// what crated wrote.
final class PolledDeviceTests: XCTestCase {
    static let rate = 44100
    var dir: TemporaryDirectory!
    var jackd: Process?

    override func tearDown() {
        if let jackd, jackd.isRunning {
            jackd.terminate()
            jackd.waitUntilExit()
        }
        dir?.remove()
    }

    func testAnAlbumThroughAPolledDevicePlaysGaplessWithoutUnderruns() throws {
        dir = try TemporaryDirectory(prefix: "polled")
        // Three tracks cut from one sweep at points that are not MP3 frame boundaries.
        let sweep = AudioFixtures.sweep(rate: Self.rate, seconds: 8)
        let cuts = [0, Self.rate * 3 + 577, Self.rate * 5 + 1013, sweep.count / 2]
        var tracks: [String] = []
        for i in 0..<3 {
            let path = dir.file("0\(i + 1) Part.mp3")
            try AudioFixtures.encodeMP3(Array(sweep[cuts[i] * 2..<cuts[i + 1] * 2]), rate: Self.rate, channels: 2,
                                        encoding: .cbr(kbps: 192), to: path)
            tracks.append(path)
        }
        let references = try tracks.map { try ReferenceDecode.samples(of: $0) }

        let server = "cratetest\(getpid())"
        let environment = try startJack(server: server)
        let daemon = try DaemonProcess(dir: dir.path, device: "polled", extraAudio: "", environment: environment)
        defer { _ = daemon.stop() }
        XCTAssertTrue(try daemon.request(.play, paths: tracks).ok)
        try daemon.waitFor("playing") { $0.state == .playing }
        let ended = try daemon.waitFor("the end of the album", timeout: 30) { $0.state == .idle }
        XCTAssertEqual(ended.output.underruns, 0, "underruns while playing the album")
        XCTAssertEqual(daemon.stop(), 0, "crated should exit cleanly on SIGTERM\n\(daemon.log)")

        let capture = try AudioFixtures.readRaw(daemon.capture)
        switch CaptureMatcher(references: references).runs(capture, expected: [(0, 0), (1, 0), (2, 0)]) {
        case .success(let runs):
            for (run, reference) in zip(runs, references) {
                XCTAssertEqual(run.frames, reference.count / 2, "track \(run.reference + 1) not played whole: \(run)")
            }
        case .failure(let failure):
            XCTFail("\(failure)")
        }
    }

    /// A jackd on its dummy backend (paced by the clock, 1024-frame periods) under its own
    /// name, and the environment that points crated's ALSA at it: `polled` is a `file` tap
    /// (the capture) in front of the jack plugin wired to the dummy backend's ports.
    private func startJack(server: String) throws -> [String: String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/jackd")
        process.arguments = ["--no-realtime", "-n", server, "-d", "dummy", "-r", "\(Self.rate)", "-p", "1024"]
        process.environment = ["JACK_NO_AUDIO_RESERVATION": "1", "PATH": "/usr/bin:/bin"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        jackd = process
        let conf = dir.file("asound.conf")
        try """
            </usr/share/alsa/alsa.conf>
            pcm.polled {
                type file
                file "\(dir.file("capture.raw"))"
                format raw
                slave.pcm { type plug  slave.pcm { type jack  playback_ports { 0 system:playback_1  1 system:playback_2 } } }
            }
            """.write(toFile: conf, atomically: true, encoding: .utf8)
        let environment = ["ALSA_CONFIG_PATH": conf, "JACK_DEFAULT_SERVER": server, "JACK_NO_AUDIO_RESERVATION": "1"]
        // jackd is up when its socket is: the dummy backend's ports exist from the start.
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: "/dev/shm/jack_\(server)_\(getuid())_0") {
            if Date() > deadline || !process.isRunning { throw FixtureError("jackd \(server) did not start") }
            usleep(50_000)
        }
        return environment
    }
}
