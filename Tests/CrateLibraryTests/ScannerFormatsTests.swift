@testable import CrateLibrary
import CrateCore
import Foundation
import Logging
import TestSupport
import XCTest

/// Every format on the shelf, scanned into a real store: files made by each format's own
/// encoder and tagged by its own tools group into albums the same way MP3s do, and two
/// copies of one release are one album that plays the lossless copy.
final class ScannerFormatsTests: XCTestCase {
    var dir: TemporaryDirectory!
    var music: String { dir.path + "/music" }
    var store: LibraryStore!

    override func setUpWithError() throws {
        dir = try TemporaryDirectory(prefix: "formats-scan")
        store = try LibraryStore.open(directory: dir.path + "/state", logger: Logger(label: "test"))
    }

    override func tearDown() { dir?.remove() }

    struct Tags {
        var title: String, artist: String, album: String, track: Int, genre = "Jazz", year = 1959
    }

    /// A short sweep in `format`, tagged with the format's own tools.
    func make(_ format: FormatFixtures.Format, at relative: String, tags: Tags, rate: Int = 44100, bits: Int = 16) throws {
        let path = music + "/" + relative
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        let signal = FormatFixtures.sweep(rate: rate, seconds: 0.4, bits: bits)
        let fields = ["TITLE": tags.title, "ARTIST": tags.artist, "ALBUM": tags.album,
                      "TRACKNUMBER": "\(tags.track)", "GENRE": tags.genre, "DATE": "\(tags.year)"]
        switch format {
        case .flac:
            try FormatFixtures.encode(signal, format: .flac, rate: rate, channels: 2, bits: bits, to: path)
            try AudioFixtures.run("/usr/bin/metaflac", fields.map { "--set-tag=\($0.key)=\($0.value)" } + [path])
        case .vorbis:
            try FormatFixtures.encode(signal, format: .vorbis, rate: rate, channels: 2, to: path)
            try AudioFixtures.run("/usr/bin/vorbiscomment", ["-w"] + fields.flatMap { ["-t", "\($0.key)=\($0.value)"] } + [path])
        case .opus, .aac, .alac, .mp3:
            // ffmpeg rewrites the container with the tags, copying the audio untouched.
            let plain = path + ".plain." + format.suffix
            try FormatFixtures.encode(signal, format: format, rate: rate, channels: 2, to: plain)
            let names = ["TITLE": "title", "ARTIST": "artist", "ALBUM": "album", "TRACKNUMBER": "track",
                         "GENRE": "genre", "DATE": "date"]
            try AudioFixtures.run("/usr/bin/ffmpeg", ["-v", "error", "-i", plain, "-map", "0:a", "-c", "copy"]
                + fields.flatMap { ["-metadata", "\(names[$0.key]!)=\($0.value)"] } + ["-y", path])
            try FileManager.default.removeItem(atPath: plain)
        }
    }

    func scan() -> ScanReport {
        LibraryScanner(store: store, roots: [music], logger: Logger(label: "test"))
            .run(full: false, cancelled: { false }, progress: { _ in })
    }

    func testAnAlbumMixingEveryFormatIsOneAlbumInTrackOrder() throws {
        let formats: [(FormatFixtures.Format, String)] = [(.flac, "flac"), (.vorbis, "ogg"), (.opus, "opus"),
                                                          (.aac, "m4a"), (.alac, "m4a"), (.mp3, "mp3")]
        for (i, (format, suffix)) in formats.enumerated() {
            try make(format, at: "Miles/Kind of Blue/0\(i + 1) Take.\(suffix)",
                     tags: Tags(title: "Take \(i + 1) (\(format.rawValue))", artist: "Miles Davis", album: "Kind of Blue",
                                track: i + 1))
        }
        let report = scan()
        XCTAssertEqual(report.skipped, [], "every format is read")
        let albums = try store.albums()
        XCTAssertEqual(albums.map(\.title), ["Kind of Blue"], "one album whatever the formats")
        let detail = try XCTUnwrap(try store.album(id: albums[0].id))
        XCTAssertEqual(detail.album.superGenre, "Jazz")
        XCTAssertEqual(detail.album.year, 1959)
        XCTAssertEqual(detail.tracks.map(\.title), formats.indices.map { "Take \($0 + 1) (\(formats[$0].0.rawValue))" })
        XCTAssertEqual(detail.tracks.map(\.format), ["FLAC 44.1 kHz/16-bit", "Vorbis 44.1 kHz", "Opus 48 kHz",
                                                     "AAC 44.1 kHz", "ALAC 44.1 kHz/16-bit", "MP3 44.1 kHz"])
        // Exact lengths from each format's own length fields: 0.4 s, to the sample.
        for track in detail.tracks {
            XCTAssertTrue(track.exactDuration, "\(track.title)")
            XCTAssertEqual(track.duration, 0.4, accuracy: 0.0001, "\(track.title)")
        }
    }

    func testTwoCopiesOfOneReleaseAreOneAlbumThatPlaysTheLosslessCopy() throws {
        for n in 1...3 {
            let tags = Tags(title: "Part \(n)", artist: "Quartet", album: "Same Record", track: n)
            try make(.mp3, at: "Quartet/Same Record (MP3)/0\(n).mp3", tags: tags)
            try make(.flac, at: "Quartet/Same Record (FLAC)/0\(n).flac", tags: tags, rate: 96000, bits: 24)
        }
        // The lossy copy has a bonus track the lossless one lacks: it stays in the album.
        try make(.mp3, at: "Quartet/Same Record (MP3)/04.mp3",
                 tags: Tags(title: "Bonus", artist: "Quartet", album: "Same Record", track: 4))
        XCTAssertEqual(scan().skipped, [])
        let albums = try store.albums()
        XCTAssertEqual(albums.count, 1, "one album in crates")
        XCTAssertEqual(albums.first?.trackCount, 4)
        let detail = try XCTUnwrap(try store.album(id: try XCTUnwrap(albums.first).id))
        XCTAssertEqual(detail.tracks.map(\.title), ["Part 1", "Part 2", "Part 3", "Bonus"])
        XCTAssertEqual(detail.tracks.prefix(3).map { ($0.path as NSString).pathExtension }, ["flac", "flac", "flac"])
        XCTAssertEqual(try store.albumPaths(id: albums[0].id)?.map { ($0 as NSString).lastPathComponent },
                       ["01.flac", "02.flac", "03.flac", "04.mp3"], "the lossless copy plays")
        XCTAssertEqual(detail.sources.map(\.format), ["FLAC 96 kHz/24-bit", "MP3 44.1 kHz"])
        XCTAssertEqual(detail.sources.map(\.playing), [true, true])
        XCTAssertEqual(detail.sources.map(\.tracks), [3, 4])

        // Remove the FLAC copy: the MP3 copy plays again, nothing else changes.
        try FileManager.default.removeItem(atPath: music + "/Quartet/Same Record (FLAC)")
        _ = scan()
        let after = try XCTUnwrap(try store.albums().first)
        XCTAssertEqual(after.id, albums[0].id, "the album keeps its id")
        XCTAssertEqual(try store.albumPaths(id: after.id)?.map { ($0 as NSString).lastPathComponent },
                       ["01.mp3", "02.mp3", "03.mp3", "04.mp3"])
    }

    func testMislabelledAndBrokenFilesAreReadForWhatTheyAreOrRefusedWithAReason() throws {
        try make(.flac, at: "Odd/Album/01 Real FLAC.m4a", tags: Tags(title: "Named m4a", artist: "Odd", album: "Album", track: 1))
        try make(.vorbis, at: "Odd/Album/02 Ogg.ogg", tags: Tags(title: "Ogg", artist: "Odd", album: "Album", track: 2))
        let broken = music + "/Odd/Album/03 Broken.flac"
        try Data("fLaC".utf8 + [0x80, 0, 0, 10] + [UInt8](repeating: 7, count: 10)).write(to: URL(fileURLWithPath: broken))
        let noAudio = music + "/Odd/Album/04 Video.m4a"
        try AudioFixtures.run("/usr/bin/ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "testsrc=size=32x32:rate=5",
                                                  "-t", "1", "-an", "-c:v", "mpeg4", "-f", "mp4", "-y", noAudio])
        let report = scan()
        XCTAssertEqual(report.skipped.map { ($0.path as NSString).lastPathComponent }.sorted(), ["03 Broken.flac", "04 Video.m4a"])
        for skipped in report.skipped {
            XCTAssertFalse(skipped.reason.isEmpty)
            if skipped.path.hasSuffix("Video.m4a") { XCTAssertTrue(skipped.reason.contains("no audio track"), skipped.reason) }
            if skipped.path.hasSuffix(".flac") { XCTAssertTrue(skipped.reason.contains("STREAMINFO"), skipped.reason) }
        }
        let detail = try XCTUnwrap(try store.album(id: try XCTUnwrap(try store.albums().first).id))
        XCTAssertEqual(detail.tracks.map(\.title), ["Named m4a", "Ogg"])
        XCTAssertEqual(detail.tracks.first?.format, "FLAC 44.1 kHz/16-bit", "read by content, not by name")
    }
}
