import CrateCore
import CrateWire
import Foundation
import TestSupport
import XCTest

/// crated as a snapcast source, with the real snapserver and two snapclients from Debian on
/// loopback: what each room plays (its `--player file` capture) is the album, whole and in
/// order; other rates are resampled to the stream's; a vanished snapserver is survived.
final class SnapcastOutputTests: XCTestCase {
    var dir: TemporaryDirectory!
    var rig: SnapcastRig!
    var daemon: DaemonProcess!

    override func setUpWithError() throws {
        dir = try TemporaryDirectory(prefix: "snapout")
    }

    /// snapserver with a stream of `format`, two rooms, and crated sending into the stream.
    func startRooms(format: String = "44100:16:2") throws {
        rig = try SnapcastRig(dir: dir.file("rooms"), sampleFormat: format)
        try rig.addRoom("kitchen")
        try rig.addRoom("study")
        daemon = try DaemonProcess(dir: dir.path, extraConfig: rig.crateConfig)
    }

    override func tearDown() {
        if let daemon, daemon.stop() != 0 { print(daemon.log) }
        rig?.stopAll()
        dir?.remove()
    }

    /// Three 2.5 s MP3 tracks cut from one sweep (lame, gapless): a join that adds or drops
    /// a sample breaks the sweep's phase. Returns the folder and the album's reference decode.
    func sweepAlbum() throws -> (folder: String, album: [Int16], joins: [Int]) {
        let folder = dir.file("sweep")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let rate = 44100, part = rate * 5 / 2
        let sweep = AudioFixtures.sweep(rate: rate, seconds: 7.5)
        var album: [Int16] = [], joins: [Int] = []
        for i in 0..<3 {
            let path = folder + "/0\(i + 1) Part.mp3"
            try AudioFixtures.encodeMP3(Array(sweep[(2 * i * part)..<(2 * (i + 1) * part)]), rate: rate, channels: 2,
                                        encoding: .cbr(kbps: 192), to: path)
            if i > 0 { joins.append(album.count / 2) }
            album += try ReferenceDecode.samples(of: path)
        }
        return (folder, album, joins)
    }

    /// Plays `folder` to its end; with `settle`, then gives the rooms snapserver's buffer to
    /// play it out (tests that know the album's last frames wait for them instead).
    func playToTheEnd(_ folder: String, settle: Bool = true) throws -> PlayerStatus {
        XCTAssertTrue(try daemon.request(.play, paths: [folder]).ok)
        let playing = try daemon.waitFor("playing") { $0.state == .playing && $0.position > 0.2 }
        try daemon.waitFor("the end", timeout: 30) { $0.state == .idle }
        if settle { usleep(1_500_000) }
        return playing
    }

    func testTheSweepAlbumReachesBothRoomsWholeAndInOrder() throws {
        try startRooms()
        let (folder, album, joins) = try sweepAlbum()
        let playing = try playToTheEnd(folder, settle: false)
        XCTAssertTrue(playing.output.device.hasPrefix("snapcast tcp://127.0.0.1:"), "\(playing.output)")
        XCTAssertNil(playing.output.conversion, "44.1 kHz 16-bit on a 44100:16:2 stream is untouched")
        // The album's last 256 frames up to its last sound: silence would be found anywhere.
        let lastSound = try XCTUnwrap(album.lastIndex { $0 != 0 }) / 2
        let captures = try rig.captures(after: Array(album[(2 * (lastSound - 255))..<(2 * (lastSound + 1))]))
        XCTAssertEqual(captures.count, 2)
        for (room, capture) in captures.sorted(by: { $0.key < $1.key }) {
            assertWhole(album, in: capture, room: room, joins: joins)
        }
    }

    /// The album is in the capture whole and in order; the only differences allowed are
    /// snapclient's drift corrections, one frame each (reported), and never at a join:
    /// snapclient corrects where its clock says, so a slip exactly where two tracks meet is ours.
    func assertWhole<Sample: FixedWidthInteger>(_ album: [Sample], in capture: [Sample], room: String, joins: [Int],
                                                file: StaticString = #filePath, line: UInt = #line) {
        switch RoomCaptureMatcher(album: album).match(capture) {
        case .success(let match):
            let repeated = match.slips.filter { $0.frames < 0 }.count, skipped = match.slips.count - repeated
            print("room \(room): album whole from capture frame \(match.start); snapclient drift corrections: "
                  + "\(match.slips.count) (\(repeated) frames played twice, \(skipped) skipped) \(match.slips)")
            for slip in match.slips {
                XCTAssertEqual(abs(slip.frames), 1, "room \(room): not a drift correction: \(slip)", file: file, line: line)
                XCTAssertFalse(joins.contains { abs($0 - slip.albumFrame) <= 2 }, "room \(room): a slip at a join: \(slip)",
                               file: file, line: line)
            }
        case .failure(let failure):
            XCTFail("room \(room): \(failure)\n\(rig.log(room))", file: file, line: line)
        }
    }

    func testA96kHzAlbumIsResampledToTheStreamRateAndKeepsItsLength() throws {
        try startRooms()
        let folder = dir.file("hires")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let seconds = [2.0, 2.5]
        for (i, length) in seconds.enumerated() {
            try FormatFixtures.encode(FormatFixtures.sweep(rate: 96000, seconds: length, bits: 24), format: .flac,
                                      rate: 96000, channels: 2, bits: 24, to: folder + "/0\(i + 1) Hires.flac")
        }
        let playing = try playToTheEnd(folder)
        XCTAssertEqual(playing.sourceRate, 96000)
        XCTAssertEqual(playing.output.sampleRate, 44100)
        XCTAssertEqual(playing.output.conversion?.hasPrefix("resampled 96000 → 44100 Hz (soxr VHQ)"), true,
                       "\(playing.output)")
        let expected = seconds.map { Int($0 * 96000) }.reduce(0, +) * 44100 / 96000
        for (room, capture) in try rig.captures() {
            let frames = capture.count / 2
            guard let first = (0..<frames).first(where: { capture[2 * $0] != 0 }),
                  let last = (0..<frames).last(where: { capture[2 * $0] != 0 }) else {
                XCTFail("room \(room): nothing was played")
                continue
            }
            let heard = last - first + 1
            print("room \(room): \(heard) frames heard, \(expected) expected")
            XCTAssertLessThanOrEqual(abs(heard - expected), 44, "room \(room): \(heard) frames, not \(expected) (±1 ms)")
        }
    }

    func testAVanishedSnapserverIsReportedAndReconnectedToByItself() throws {
        try startRooms()
        let (folder, album, _) = try sweepAlbum()
        XCTAssertTrue(try daemon.request(.play, paths: [folder]).ok)
        try daemon.waitFor("playing") { $0.state == .playing && $0.position > 0.5 }
        rig.killServer()
        let lost = try daemon.waitFor("the loss in status", timeout: 10) { $0.output.message != nil }
        XCTAssertEqual(lost.state, .playing, "the album keeps time while the rooms are out of reach")
        let message = try XCTUnwrap(lost.output.message)
        XCTAssertTrue(message.hasPrefix("snapcast stream: cannot reach 127.0.0.1:\(rig.sourcePort) ("), message)
        XCTAssertTrue(message.hasSuffix("), retrying"), message)
        XCTAssertTrue(try daemon.status().warnings.contains(message), "the warning is listed too")
        // The knob still works meanwhile.
        XCTAssertTrue(try daemon.request(.next).ok)
        try rig.startServer()
        let back = try daemon.waitFor("the reconnection", timeout: 10) { $0.output.message == nil }
        XCTAssertNotEqual(back.state, .idle, "reconnected while the album still plays")
        try daemon.waitFor("the end", timeout: 20) { $0.state == .idle }
        usleep(1_000_000)
        XCTAssertTrue(daemon.process.isRunning, "crated survived")
        XCTAssertTrue(daemon.log.contains("snapcast tcp://127.0.0.1:\(rig.sourcePort): delivering again"), daemon.log)
        // The rooms play the album again after the restart: its last second is in a capture, exact.
        let tail = Array(album[(album.count - 2 * 44100)...])
        let captures = try rig.captures()
        XCTAssertTrue(captures.values.contains { capture in
            if case .success = RoomCaptureMatcher(album: tail).match(capture) { return true }
            return false
        }, "the album's last second reached no room after the restart")
    }

    /// On a 48000:24:2 stream (snapcast keeps 24 bits in 4 bytes, right-justified) a 16-bit
    /// track arrives shifted up exactly and a 24-bit one whole, gapless from one to the other.
    func testA24BitStreamCarriesSixteenAndTwentyFourBitTracksExactly() throws {
        try startRooms(format: "48000:24:2")
        let folder = dir.file("deep")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let sweep16 = FormatFixtures.sweep(rate: 48000, seconds: 2, bits: 16)
        let sweep24 = FormatFixtures.sweep(rate: 48000, seconds: 2, bits: 24).map { -$0 }  // not the 16-bit one scaled
        try FormatFixtures.encode(sweep16, format: .flac, rate: 48000, channels: 2, bits: 16, to: folder + "/01 Sixteen.flac")
        try FormatFixtures.encode(sweep24, format: .flac, rate: 48000, channels: 2, bits: 24, to: folder + "/02 Deep.flac")
        let playing = try playToTheEnd(folder)
        XCTAssertEqual(playing.output.sampleFormat, "S24_LE")
        XCTAssertNil(playing.output.conversion, "\(playing.output)")
        let album = sweep16.map { $0 << 8 } + sweep24
        for (room, raw) in try rig.captures() {
            // The rig reads S16; put each 4-byte sample back together.
            let capture = stride(from: 0, to: raw.count - 1, by: 2).map { Int32(raw[$0 + 1]) << 16 | Int32(UInt16(bitPattern: raw[$0])) }
            assertWhole(album, in: capture, room: room, joins: [sweep16.count / 2])
        }
    }

    /// The knob drives the rooms: a pause silences them, `next` starts the next track at its
    /// first sample there, and the album plays on from it to its end.
    func testPauseAndNextFromTheKnobReachTheRooms() throws {
        try startRooms()
        let (folder, album, joins) = try sweepAlbum()
        XCTAssertTrue(try daemon.request(.play, paths: [folder]).ok)
        try daemon.waitFor("track 1 playing") { $0.state == .playing && $0.position > 0.8 }
        try press("play")
        try daemon.waitFor("paused") { $0.state == .paused }
        usleep(1_500_000)
        try press("play")
        try daemon.waitFor("playing again") { $0.state == .playing }
        try press("next")
        try daemon.waitFor("track 2") { $0.currentIndex == 1 && $0.state == .playing }
        try daemon.waitFor("the end", timeout: 20) { $0.state == .idle }
        usleep(1_500_000)
        // Track 2 from its first sample: the skip reached the room. Its first second is
        // checked sample for sample; the whole album's way through the rooms, joins and
        // all, is the sweep test's. (Later on, a loaded machine can make snapclient
        // re-sync its own buffer — "pShortBuffer->full()" in its log — which jumps a few
        // hundred frames; that is the room's clock, not what crated sent.)
        let track2Start = Array(album[(2 * joins[0])..<(2 * (joins[0] + 44100))])
        for (room, capture) in try rig.captures() {
            let frames = capture.count / 2
            let sound = (0..<frames).filter { capture[2 * $0] != 0 || capture[2 * $0 + 1] != 0 }
            var longestGap = 0
            for (a, b) in zip(sound, sound.dropFirst()) { longestGap = max(longestGap, b - a - 1) }
            XCTAssertGreaterThan(longestGap, 44100, "room \(room): the pause was not heard as a second of silence")
            assertWhole(track2Start, in: capture, room: room, joins: [])
            // And the skip cut track 1 short there: its last quarter second never came.
            let lateInTrack1 = Array(album[(2 * (joins[0] - 11025))..<(2 * (joins[0] - 11025 + 256))])
            let heardLate = stride(from: 0, to: capture.count - lateInTrack1.count, by: 2).contains {
                capture[$0] == lateInTrack1[0] && Array(capture[$0..<($0 + lateInTrack1.count)]) == lateInTrack1
            }
            XCTAssertFalse(heardLate, "room \(room): track 1 played on to its end, the skip did not reach the room")
        }
    }

    func press(_ button: String) throws {
        let client = try daemon.connect()
        defer { client.close() }
        let reply = try client.request(ControlRequest(cmd: .input, gesture: "press", control: button), timeout: 20)
        XCTAssertTrue(reply.ok, "press \(button): \(reply.error ?? "")")
    }
}
