import CrateCore
import CrateDisplay
import Foundation
import TestSupport
import XCTest

/// A USB DAC pulled out mid-album and plugged back in, played by a real ALSA device that
/// really goes away: a `file` PCM defined in its own ALSA configuration file, writing into
/// a pipe to a small "DAC" process. Unplugging removes the definition (the PCM no longer
/// exists, as a card that is gone) and kills the DAC (the next write fails); plugging in
/// puts the definition back, and each plug captures into a file of its own.
final class OutputReplugTests: XCTestCase {
    static let rate = 44100
    var dir: TemporaryDirectory!
    var daemon: DaemonProcess!
    var reference: [Int16] = []
    var track = ""
    var config: String { dir.path + "/dac.conf" }

    override func setUpWithError() throws {
        dir = try TemporaryDirectory(prefix: "replug")
        track = dir.file("01 Sweep.mp3")
        try AudioFixtures.encodeMP3(AudioFixtures.sweep(rate: Self.rate, seconds: 12), rate: Self.rate, channels: 2,
                                    encoding: .cbr(kbps: 192), to: track)
        reference = try ReferenceDecode.samples(of: track)
        // The DAC: records its pid, then becomes `cat` into the next plug-N.raw.
        let dac = dir.file("dac.sh")
        try """
            #!/bin/sh
            n=$(ls \(dir.path)/plug-*.raw 2>/dev/null | wc -l)
            echo $$ > \(dir.path)/dac.pid
            exec cat > \(dir.path)/plug-$n.raw
            """.write(toFile: dac, atomically: true, encoding: .utf8)
        chmod(dac, 0o755)
        try plugIn()
        daemon = try DaemonProcess(dir: dir.path, device: "crate_dac", environment: [
            "ALSA_CONFIG_PATH": "/usr/share/alsa/alsa.conf:\(config)",
        ])
    }

    override func tearDown() {
        if let daemon, daemon.stop() != 0 { print(daemon.log) }
        dir?.remove()
    }

    func plugIn() throws {
        try "pcm.crate_dac { type file slave.pcm \"null\" file \"|\(dir.path)/dac.sh\" format \"raw\" }\n"
            .write(toFile: config, atomically: true, encoding: .utf8)
    }

    /// The device disappears: no definition to reopen, and the DAC stops reading.
    func unplug() throws {
        try FileManager.default.removeItem(atPath: config)
        let pid = try String(contentsOfFile: dir.file("dac.pid"), encoding: .utf8)
        XCTAssertEqual(kill(pid_t(pid.trimmingCharacters(in: .whitespacesAndNewlines))!, SIGKILL), 0)
    }

    func plug(_ n: Int) throws -> [Int16] { try AudioFixtures.readRaw(dir.file("plug-\(n).raw")) }

    func testAnUnpluggedDACIsWaitedForAndTheAlbumResumesPausedWhereTheSoundStopped() throws {
        XCTAssertTrue(try daemon.request(.play, paths: [track]).ok)
        try daemon.waitFor("playing 2 s in") { $0.state == .playing && $0.position > 2 }
        try unplug()

        let lost = try daemon.waitFor("the loss to be noticed") { $0.output.waitingForDevice == true }
        XCTAssertEqual(lost.state, .paused, "held where the sound stopped, not an error or a stop")
        let status = try daemon.status()
        XCTAssertTrue(status.warnings.contains { $0.contains("output lost — waiting for the DAC") }, "\(status.warnings)")
        let refused = try daemon.request(.toggle)
        XCTAssertFalse(refused.ok)
        XCTAssertTrue(refused.error?.contains("waiting for the DAC") == true, refused.error ?? "")
        usleep(1_500_000)  // several reopen attempts fail meanwhile
        let waiting = try daemon.status().player
        XCTAssertEqual(waiting.output.waitingForDevice, true, "the device is still gone")
        XCTAssertEqual(waiting.position, lost.position, accuracy: 0.001, "the place must hold while waiting")
        XCTAssertEqual(waiting.currentIndex, 0)

        try plugIn()
        let back = try daemon.waitFor("the DAC to be reopened") { $0.output.waitingForDevice == nil && $0.state == .paused }
        XCTAssertEqual(back.currentIndex, 0)
        XCTAssertEqual(back.position, lost.position, accuracy: 0.03, "resumes paused where the sound stopped")
        XCTAssertNil(back.output.message)
        XCTAssertTrue(try daemon.request(.toggle).ok, "play goes on once the DAC is back")
        try daemon.waitFor("the album to end", timeout: 30) { $0.state == .idle }
        XCTAssertEqual(daemon.stop(), 0)

        // Before the unplug: the track from its first sample. After: from where it stopped,
        // with only the resume fade differing, to the last sample.
        let before = try plug(0), after = try plug(1)
        XCTAssertGreaterThan(before.count, 2 * 2 * Self.rate)
        XCTAssertEqual(before, Array(reference.prefix(before.count)), "the first plug must be the track's start, exactly")
        let resumeFrame = Int((back.position * Double(Self.rate)).rounded())
        XCTAssertEqual(Double(resumeFrame - before.count / 2) / Double(Self.rate), 0, accuracy: 0.5,
                       "the resume point is where the sound stopped, within what the device held")
        let ramp = 2 * (Self.rate / 200)  // the resume fade-in, in samples
        XCTAssertEqual(after.count, reference.count - 2 * resumeFrame, "from the resume point to the end, nothing dropped")
        XCTAssertEqual(Array(after.dropFirst(ramp)), Array(reference.dropFirst(2 * resumeFrame + ramp)),
                       "after the fade-in the second plug continues the decode exactly")
    }

    func testTheDisplaySaysTheOutputIsLost() throws {
        _ = daemon.stop()
        daemon = try DaemonProcess(dir: dir.path, device: "crate_dac", extraConfig: "[display]\nwidth = 320\nheight = 240",
                                   environment: ["ALSA_CONFIG_PATH": "/usr/share/alsa/alsa.conf:\(config)"])
        XCTAssertTrue(try daemon.request(.play, paths: [track]).ok)
        try daemon.waitFor("playing") { $0.state == .playing && $0.position > 0.5 }
        try unplug()
        try daemon.waitFor("the loss to be noticed") { $0.output.waitingForDevice == true }

        let shown = try snapshot(daemon)
        XCTAssertEqual(messageBoxDifference("Output lost — waiting for the DAC", in: shown), 0,
                       "the panel must say the output is lost")
    }
}
