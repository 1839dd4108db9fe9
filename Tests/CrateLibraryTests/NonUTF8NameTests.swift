@testable import CrateLibrary
import CrateCore
import CrateFormats
import CratePosix
import Foundation
import Logging
import TestSupport
import XCTest

/// Names that are not UTF-8 (a Latin-1 rip: "Café" as the single byte 0xE9) are found,
/// stored, opened and played like any other, and shown escaped.
final class NonUTF8NameTests: XCTestCase {
    func testNamesAreDecodedReversibly() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let bytes = (0..<Int.random(in: 1...24, using: &random)).map { _ in UInt8.random(in: 1...255, using: &random) }
            XCTAssertEqual(PathName.bytes(PathName.decode(bytes)), bytes, "\(bytes)")
        }
        XCTAssertEqual(PathName.decode(Array("Café ♫ 日本.mp3".utf8)), "Café ♫ 日本.mp3", "valid UTF-8 is left as it is")
        let latin1: [UInt8] = Array("Caf".utf8) + [0xE9] + Array(".mp3".utf8)
        XCTAssertEqual(PathName.display(PathName.decode(latin1)), "Caf\\xE9.mp3")
        // A name holding the escape scalars themselves still comes back as its bytes.
        let tricky = Array("x\u{10FF9A}y".utf8)
        XCTAssertEqual(PathName.bytes(PathName.decode(tricky)), tricky)
    }

    /// Makes `folder/name` (name given as bytes) a copy of `source`, with Python, since a
    /// Swift string cannot hold such a name.
    static func copy(_ source: String, into folder: String, nameBytes: [UInt8]) throws {
        let hex = nameBytes.map { String(format: "%02x", $0) }.joined()
        try AudioFixtures.run("/usr/bin/python3", ["-c", "import os,shutil,sys; os.makedirs(sys.argv[2], exist_ok=True); "
            + "shutil.copy(sys.argv[1], os.path.join(os.fsencode(sys.argv[2]), bytes.fromhex(sys.argv[3])))",
            source, folder, hex])
    }

    func testALatin1NamedFileIsScannedStoredAndReadable() throws {
        let dir = try TemporaryDirectory(prefix: "latin1")
        defer { dir.remove() }
        let music = dir.path + "/music"
        let source = dir.path + "/src.mp3"
        try AudioFixtures.encodeMP3(AudioFixtures.sweep(rate: 44100, seconds: 0.5), rate: 44100, channels: 2,
                                    encoding: .cbr(kbps: 128), to: source)
        let folder = music + "/Chansons"
        try Self.copy(source, into: folder, nameBytes: Array("01 Caf".utf8) + [0xE9] + Array(".mp3".utf8))
        try Self.copy(source, into: folder, nameBytes: Array("02 Plain.mp3".utf8))
        let store = try LibraryStore.open(directory: dir.path + "/state", logger: Logger(label: "test"))
        let report = LibraryScanner(store: store, roots: [music], logger: Logger(label: "test"))
            .run(full: false, cancelled: { false }, progress: { _ in })
        XCTAssertEqual(report.skipped, [], "no name vanishes as 'No such file or directory'")
        let album = try XCTUnwrap(try store.albums().first)
        let paths = try XCTUnwrap(try store.albumPaths(id: album.id))
        XCTAssertEqual(paths.count, 2)
        let odd = try XCTUnwrap(paths.first { $0.contains("01") })
        XCTAssertEqual(PathName.display(odd), folder + "/01 Caf\\xE9.mp3")
        XCTAssertNoThrow(try FormatRegistry.readMetadata(path: odd), "the stored path opens the file")
        XCTAssertEqual(try DecodeAll.samples16(odd).samples.count, 44100)
    }
}
