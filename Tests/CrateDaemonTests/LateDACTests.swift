import CrateCore
import Foundation
import TestSupport
import XCTest

/// A USB DAC switched on after the box booted: the configured PCM is defined in an ALSA
/// configuration file that does not exist yet when crated starts (as a card that is not
/// there), and is written later. crated waits for it from the start — `status`, the panel
/// and `doctor` say so — and once it opens, an album plays into its `file` capture.
final class LateDACTests: XCTestCase {
    static let rate = 44100
    var dir: TemporaryDirectory!
    var config: String { dir.path + "/dac.conf" }
    var capture: String { dir.path + "/late.raw" }

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "latedac") }
    override func tearDown() { dir?.remove() }

    func startDaemon(extraConfig: String = "") throws -> DaemonProcess {
        try DaemonProcess(dir: dir.path, device: "crate_late", extraConfig: extraConfig, environment: [
            "ALSA_CONFIG_PATH": "/usr/share/alsa/alsa.conf:\(config)",
        ])
    }

    func switchOn() throws {
        try "pcm.crate_late { type file slave.pcm \"null\" file \"\(capture)\" format \"raw\" }\n"
            .write(toFile: config, atomically: true, encoding: .utf8)
    }

    func testADACSwitchedOnAfterTheStartIsPickedUpAndPlays() throws {
        let track = dir.file("01 Sweep.mp3")
        try AudioFixtures.encodeMP3(AudioFixtures.sweep(rate: Self.rate, seconds: 2), rate: Self.rate, channels: 2,
                                    encoding: .cbr(kbps: 192), to: track)
        let daemon = try startDaemon()
        defer { _ = daemon.stop() }

        let waiting = try daemon.waitFor("the missing DAC to be waited for") { $0.output.waitingForDevice == true }
        XCTAssertEqual(waiting.state, .idle, "waiting is not an error")
        let status = try daemon.status()
        XCTAssertTrue(status.warnings.contains { $0.contains("waiting for the DAC") && $0.contains("crate_late") },
                      "\(status.warnings)")
        let human = try AdminProcess.run(["status", "--socket", daemon.socket])
        XCTAssertTrue(human.out.contains("waiting for the DAC"), human.out)
        let doctor = try AdminProcess.run(["doctor", "--socket", daemon.socket, "--config", daemon.configPath])
        let audioLine = doctor.out.split(separator: "\n").first { $0.contains("audio device") }.map(String.init) ?? ""
        XCTAssertTrue(audioLine.contains("waiting for the DAC"), doctor.out)
        let refused = try daemon.request(.play, paths: [track])
        XCTAssertFalse(refused.ok)
        XCTAssertTrue(refused.error?.contains("waiting for the DAC") == true, refused.error ?? "")
        usleep(1_000_000)  // a few attempts fail meanwhile
        XCTAssertEqual(try daemon.status().player.output.waitingForDevice, true, "still switched off")

        try switchOn()
        let back = try daemon.waitFor("the DAC to be opened") { $0.output.waitingForDevice == nil }
        XCTAssertEqual(back.state, .idle, "nothing was playing: nothing starts by itself")
        XCTAssertNil(back.output.message)
        XCTAssertFalse(try daemon.status().warnings.contains { $0.contains("waiting for the DAC") })
        XCTAssertTrue(try daemon.request(.play, paths: [track]).ok)
        try daemon.waitFor("the album to end", timeout: 20) { $0.state == .idle }
        XCTAssertEqual(daemon.stop(), 0)
        XCTAssertEqual(try AudioFixtures.readRaw(capture), try ReferenceDecode.samples(of: track),
                       "the album plays into the late DAC, every sample")
        XCTAssertTrue(daemon.log.contains("waiting for the DAC"), daemon.log)
        XCTAssertTrue(daemon.log.contains("audio device 'crate_late' is back"), daemon.log)
    }

    /// The panel says so too.
    func testThePanelSaysItIsWaitingForTheDAC() throws {
        let daemon = try startDaemon(extraConfig: "[display]\nwidth = 320\nheight = 240")
        defer { _ = daemon.stop() }
        try daemon.waitFor("the missing DAC to be waited for") { $0.output.waitingForDevice == true }
        XCTAssertEqual(messageBoxDifference("Waiting for the DAC", in: try snapshot(daemon)), 0,
                       "the panel must say it waits for the DAC")
    }
}
