import CrateFormats
import Foundation
import TestSupport
import XCTest

/// What an MPD client learns of the box before it does anything: the commands it may run
/// (with and without the password), the decoders (the format registry's formats) and the
/// output (the sink the player writes to), over a real socket.
final class MPDCapabilitiesTests: XCTestCase {
    var dir: TemporaryDirectory!

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "mpdcaps") }
    override func tearDown() { dir?.remove() }

    /// The values of `key` in an answer, in order.
    func values(_ key: String, _ lines: [String]) -> [String] {
        lines.compactMap { $0.hasPrefix(key + ": ") ? String($0.dropFirst(key.count + 2)) : nil }
    }

    func testCommandsFollowThePasswordAndDecodersAndOutputsTellTheTruth() throws {
        let music = dir.path + "/music"
        try LibraryFixture(root: music, seconds: 0.1).addUntaggedBulk(albums: 1, tracks: 2, under: "Bulk")
        let (daemon, port) = try MPDPeers.startCrate(dir: dir.path, music: music, mpdConfig: "password = \"sesame\"")
        let client = try MPDLineClient(port: port)

        let open = values("command", try client.command("commands"))
        let closed = values("command", try client.command("notcommands"))
        XCTAssertTrue(open.contains("status") && open.contains("lsinfo") && open.contains("password"), "\(open)")
        XCTAssertFalse(open.contains("play") || open.contains("add") || open.contains("update"), "\(open)")
        XCTAssertTrue(closed.contains("play") && closed.contains("add") && closed.contains("setvol"), "\(closed)")
        XCTAssertEqual(open, open.sorted(), "listed by name, as MPD does")
        XCTAssertEqual(try client.command("password sesame"), ["OK"])
        let all = values("command", try client.command("commands"))
        XCTAssertEqual(Set(all), Set(open + closed), "with the password every command is open")
        XCTAssertEqual(values("command", try client.command("notcommands")), [])

        let decoders = try client.command("decoders")
        XCTAssertEqual(values("plugin", decoders), FormatRegistry.all.map(\.name))
        XCTAssertEqual(Set(values("suffix", decoders)), FormatRegistry.suffixes)
        for suffix in ["flac", "mp3", "m4a", "ogg", "opus"] {
            XCTAssertTrue(values("suffix", decoders).contains(suffix), "\(suffix) in \(decoders)")
        }

        let outputs = try client.command("outputs")
        let device = try daemon.status().player.output.device
        XCTAssertEqual(values("outputname", outputs), [device])
        XCTAssertEqual(values("plugin", outputs), ["alsa"], "the test's file PCM is an ALSA PCM: \(outputs)")
        XCTAssertEqual(outputs.last, "OK")
    }
}
