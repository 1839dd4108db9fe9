import CrateCore
import CrateDisplay
import CrateWire
import Foundation
import TestSupport
import XCTest

/// The `cover` command crate-web's pages use: an album's folder picture (made by ffmpeg's
/// own JPEG and PNG encoders) answered at the size asked for, as a JPEG another decoder
/// (ffprobe) reads at that size; a size not in the named set refused.
final class CoverCommandTests: XCTestCase {
    var dir: TemporaryDirectory!
    var music: String { dir.path + "/music" }

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "cover") }
    override func tearDown() { dir?.remove() }

    static let red: UInt32 = 0xC8_3C28
    static let blue: UInt32 = 0x28_50C8

    /// A `width`×`height` picture of one colour at `path`, written by ffmpeg (JPEG or PNG by its name).
    static func picture(_ path: String, color: UInt32, width: Int, height: Int) throws {
        let hex = String(format: "0x%06X", color)
        try AudioFixtures.run("/usr/bin/ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "color=c=\(hex):s=\(width)x\(height)",
                                                  "-frames:v", "1", "-y", path])
    }

    /// What ffprobe says the picture is: codec and size.
    func probe(_ bytes: [UInt8]) throws -> (codec: String, width: Int, height: Int) {
        let path = dir.file("answer-\(UUID().uuidString)")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let run = try MPDPeers.run("/usr/bin/ffprobe", ["-v", "error", "-show_entries", "stream=codec_name,width,height",
                                                       "-of", "csv=p=0", path])
        let out = run.out
        let fields = out.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").map(String.init)
        guard fields.count == 3, let width = Int(fields[1]), let height = Int(fields[2]) else {
            throw FixtureError("ffprobe: \(out)")
        }
        return (fields[0], width, height)
    }

    func cover(_ daemon: DaemonProcess, _ album: Int64, _ size: CoverSize) throws -> [UInt8] {
        let reply = try request(daemon, ControlRequest(cmd: .cover, album: album, size: size))
        let image = try XCTUnwrap(reply.cover, "album \(album) at \(size)")
        XCTAssertEqual(image.format, "jpg")
        return [UInt8](try XCTUnwrap(Data(base64Encoded: image.data)))
    }

    static func near(_ a: UInt32, _ b: UInt32, tolerance: Int = 12) -> Bool {
        [16, 8, 0].allSatisfy { (shift: UInt32) in abs(Int(a >> shift & 0xFF) - Int(b >> shift & 0xFF)) <= tolerance }
    }

    func testFolderCoversAnswerAsJPEGsAtTheAskedSideAndABadSizeIsRefused() throws {
        let lib = LibraryFixture(root: music, seconds: 0.3)
        for name in ["Wide", "Square", "Bare"] {
            try lib.add("Band/\(name)", [.init(file: "01.mp3", title: "\(name) 1", artist: "Band", album: name)])
        }
        // A large landscape JPEG and a small square PNG: scaled down and up, aspect kept.
        try Self.picture(music + "/Band/Wide/cover.jpg", color: Self.red, width: 1600, height: 1200)
        try Self.picture(music + "/Band/Square/cover.png", color: Self.blue, width: 500, height: 500)
        let daemon = try DaemonProcess(dir: dir.path, libraryPaths: [music])
        try daemon.waitForStartupScan()
        let albums = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .albums)).albums)
        func id(_ title: String) throws -> Int64 { try XCTUnwrap(albums.first { $0.title == title }, title).id }

        let expected: [(String, CoverSize, Int, Int, UInt32)] = [
            ("Wide", .thumb, 320, 240, Self.red), ("Wide", .large, 800, 600, Self.red),
            ("Square", .thumb, 320, 320, Self.blue), ("Square", .large, 800, 800, Self.blue),
        ]
        for (title, size, width, height, color) in expected {
            let bytes = try cover(daemon, try id(title), size)
            let probed = try probe(bytes)
            XCTAssertEqual(probed.codec, "mjpeg", "\(title) \(size): a JPEG whatever the folder held")
            XCTAssertEqual(probed.width, width, "\(title) \(size)")
            XCTAssertEqual(probed.height, height, "\(title) \(size)")
            let image = try ArtworkDecoder.decode(bytes, fitting: ArtworkBox(width: width, height: height))
            let centre = image[width / 2, height / 2]
            XCTAssertTrue(Self.near(centre, color), "\(title) \(size): the album's picture, \(String(centre, radix: 16))")
        }

        let bare = try request(daemon, ControlRequest(cmd: .cover, album: try id("Bare"), size: .thumb), ok: false)
        XCTAssertEqual(bare.error, "album \(try id("Bare")) has no cover")
        XCTAssertNil(bare.pending)

        var huge = ControlRequest(cmd: .cover, album: try id("Wide"))
        huge.size = "4000"
        let refused = try request(daemon, huge, ok: false)
        XCTAssertEqual(refused.error, "cover needs 'size': thumb (320 px) or large (800 px) ('4000' is not one)")
        XCTAssertNil(refused.cover)
        let unsized = try request(daemon, ControlRequest(cmd: .cover, album: try id("Wide")), ok: false)
        XCTAssertEqual(unsized.error, "cover needs 'size': thumb (320 px) or large (800 px)")
        // Refused, and the daemon goes on answering.
        XCTAssertEqual(try cover(daemon, try id("Wide"), .thumb).isEmpty, false)
    }
}
