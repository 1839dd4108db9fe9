import CrateCore
import CrateWire
import Foundation
import TestSupport
import XCTest

/// What the MPD listener tests share: a small library with covers, and crated serving
/// it on a free MPD port.
class MPDLibraryTestCase: XCTestCase {
    var dir: TemporaryDirectory!
    var music: String { dir.path + "/music" }
    var cover: [UInt8] = []
    var picture: [UInt8] = []

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "mpd") }
    override func tearDown() { dir?.remove() }

    /// Two albums by Solo and one by Other; a cover file beside the first, a picture in the third.
    func makeLibrary(seconds: Double) throws {
        let lib = LibraryFixture(root: music, seconds: seconds)
        try lib.add("Solo/First", (1...2).map {
            .init(file: "0\($0).mp3", title: "F\($0)", artist: "Solo", album: "First", track: "\($0)", year: 2000, genre: "Jazz")
        })
        try lib.add("Solo/Second", (1...2).map {
            .init(file: "0\($0).mp3", title: "S\($0)", artist: "Solo", album: "Second", track: "\($0)", year: 2001, genre: "Jazz")
        })
        try lib.add("Other/Third", [.init(file: "01.mp3", title: "T1 x", artist: "Other", album: "Third", track: "1", genre: "Rock")])
        var generator = SystemRandomNumberGenerator()
        cover = [0xFF, 0xD8, 0xFF, 0xE0] + (0..<20_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        try lib.write(Data(cover), to: "Solo/First/cover.jpg")
        picture = [0xFF, 0xD8, 0xFF, 0xE0] + (0..<9_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        try Data(picture).write(to: URL(fileURLWithPath: dir.path + "/picture.jpg"))
        let embed = try MPDPeers.run("/usr/bin/python3", ["-c", """
            import sys
            from mutagen.id3 import ID3, APIC
            tags = ID3(sys.argv[1])
            tags.add(APIC(encoding=3, mime="image/jpeg", type=3, desc="", data=open(sys.argv[2], "rb").read()))
            tags.save()
            """, music + "/Other/Third/01.mp3", dir.path + "/picture.jpg"])
        XCTAssertEqual(embed.code, 0, embed.err)
    }

    /// crated on the music with `[mpd]` on a free port, its start-up scan finished.
    func startCrate(_ mpdConfig: String = "") throws -> (DaemonProcess, UInt16) {
        try MPDPeers.startCrate(dir: dir.path, music: music, mpdConfig: mpdConfig)
    }
}
