import CrateDisplay
import CrateFormats
import Glibc
import Synchronization
import TestSupport
import XCTest

/// `CachedArtwork`: covers for the screens from the real cache, errors reported once.
final class ScreenArtworkTests: XCTestCase {
    private typealias F = ArtworkFixtures
    private let box = ArtworkBox(width: 120, height: 120)

    /// Collects what `onError` was told.
    private final class Reports: Sendable {
        private let list = Mutex<[(ArtworkReference, ArtworkError)]>([])
        func add(_ art: ArtworkReference, _ error: ArtworkError) { list.withLock { $0.append((art, error)) } }
        var errors: [ArtworkError] { list.withLock { $0.map(\.1) } }
    }

    private func provider(_ reports: Reports, directory: String? = nil) throws -> CachedArtwork {
        let cache = try directory.map { try ArtworkCache(directory: $0) } ?? ArtworkCache()
        return CachedArtwork(cache: cache, onError: { reports.add($0, $1) })
    }

    func testEmbeddedCoverIsFoundFromTheTrackWhenTheReferenceHasNoLocation() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try F.write(F.quadrantJPEG(width: 200, height: 200), to: dir.file("cover-in-tag.jpg"))
        try F.mp3(at: dir.file("01.mp3"), cover: dir.file("cover-in-tag.jpg"))
        unlink(dir.file("cover-in-tag.jpg")) // only the tag has it now
        let reports = Reports()
        let artwork = try provider(reports, directory: dir.file("cache"))

        let reference = ArtworkReference(albumKey: "tagged", trackPath: dir.file("01.mp3"))
        let image = try XCTUnwrap(artwork.image(for: reference, fitting: box))
        XCTAssertEqual(image.width, 120)
        XCTAssertEqual(image.height, 120)
        assertArtworkQuadrants(image)
        XCTAssertTrue(reports.errors.isEmpty)

        // With the location the library recorded, the same picture.
        let location = try XCTUnwrap(try MP3FileInfo.read(path: dir.file("01.mp3")).tags.artwork)
        let recorded = ArtworkReference(albumKey: "tagged-2", trackPath: dir.file("01.mp3"), embedded: location)
        assertArtworkQuadrants(try XCTUnwrap(artwork.image(for: recorded, fitting: box)))
    }

    func testFolderImageIsUsedWhenTheTrackHasNoPicture() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try F.mp3(at: dir.file("01.mp3"))
        try F.write(F.quadrantPNG(width: 64, height: 64), to: dir.file("cover.png"))
        let reports = Reports()
        let artwork = try provider(reports)
        let image = try XCTUnwrap(artwork.image(for: ArtworkReference(albumKey: "folder", trackPath: dir.file("01.mp3")),
                                                fitting: box))
        assertArtworkQuadrants(image)
        XCTAssertTrue(reports.errors.isEmpty)
    }

    func testBrokenCoverGivesNilAndIsReportedOnce() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try F.write(Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0, 0x3B], to: dir.file("art.gif"))
        try F.mp3(at: dir.file("01.mp3"), cover: dir.file("art.gif"))
        let reports = Reports()
        let artwork = try provider(reports)
        let reference = ArtworkReference(albumKey: "gif", trackPath: dir.file("01.mp3"))
        for _ in 0..<3 { XCTAssertNil(artwork.image(for: reference, fitting: box)) }
        XCTAssertEqual(reports.errors, [.unsupportedType("GIF")])

        // Drawn as the placeholder, not as an empty hole, and the screen still renders.
        let renderer = ScreenRenderer(fonts: ScreenFixtures.fonts, artwork: artwork)
        var canvas = Canvas(width: 320, height: 240)
        renderer.render(DisplayContent(screen: .nowPlaying(ScreenFixtures.playing(art: reference))), into: &canvas, now: 0)
        let art = renderer.layout(width: 320, height: 240).nowPlaying.art
        XCTAssertEqual(canvas.pixel(x: art.x + 1, y: art.y + 1), ScreenTheme.standard.placeholder)
        XCTAssertEqual(reports.errors.count, 1)
    }

    func testMissingTrackIsReportedWithoutRepeatingOnEveryRedraw() throws {
        let reports = Reports()
        let artwork = try provider(reports)
        let reference = ArtworkReference(albumKey: "gone", trackPath: "/nonexistent/crate/album/01.mp3")
        XCTAssertNil(artwork.image(for: reference, fitting: box))
        let first = reports.errors
        XCTAssertFalse(first.isEmpty)
        XCTAssertTrue(first.allSatisfy { $0.isTransient }, "\(first): a missing disk is worth retrying")
        for _ in 0..<5 { XCTAssertNil(artwork.image(for: reference, fitting: box)) }
        XCTAssertEqual(reports.errors, first)
    }
}
