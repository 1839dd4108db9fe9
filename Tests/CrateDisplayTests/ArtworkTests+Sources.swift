import CrateFormats
import TestSupport
import XCTest

@testable import CrateDisplay

/// Where covers come from: the APIC frame `lame` writes, and folder images.
extension ArtworkTests {
    func testEmbeddedCoverOfALameTaggedMP3IsFoundAndDecoded() throws {
        let dir = try TemporaryDirectory(prefix: "crate-art")
        defer { dir.remove() }
        let jpeg = F.quadrantJPEG(width: 300, height: 300)
        try F.write(jpeg, to: dir.file("art.jpg"))
        try F.mp3(at: dir.file("01.mp3"), cover: dir.file("art.jpg"))
        unlink(dir.file("art.jpg"))  // only the copy inside the MP3 remains

        let location = try XCTUnwrap(try MP3FileInfo.read(path: dir.file("01.mp3")).tags.artwork)
        XCTAssertEqual(location.length, jpeg.count)
        XCTAssertEqual(try ArtworkSource.embeddedLocation(inTrack: dir.file("01.mp3")), location)

        let source = try XCTUnwrap(try ArtworkSource.locate(trackPath: dir.file("01.mp3"), embedded: location))
        XCTAssertEqual(source, .embedded(trackPath: dir.file("01.mp3"), location: location))
        let bytes = try source.readBytes()
        XCTAssert(bytes == jpeg, "exactly the picture's bytes, read from the recorded range")
        let image = try ArtworkDecoder.decode(bytes, fitting: square240)
        XCTAssertEqual([image.width, image.height], [240, 240])
        assertArtworkQuadrants(image)
    }

    func testFolderCoverIsMatchedCaseInsensitivelyInPreferenceOrder() throws {
        let dir = try TemporaryDirectory(prefix: "crate-art")
        defer { dir.remove() }
        try F.mp3(at: dir.file("01.mp3"))
        let track = dir.file("01.mp3")
        XCTAssertNil(try ArtworkSource.embeddedLocation(inTrack: track))
        XCTAssertNil(try ArtworkSource.locate(trackPath: track, embedded: nil), "no art at all")

        let blue = F.png(samples: F.quadrants(width: 64, height: 64, colors: Array(repeating: F.blue, count: 4)),
                         width: 64, height: 64)
        try F.write(blue, to: dir.file("Folder.PNG"))
        try F.write(F.quadrantJPEG(width: 200, height: 200), to: dir.file("AlbumArt.jpg"))
        XCTAssertEqual(try ArtworkSource.locate(trackPath: track, embedded: nil), .file(path: dir.file("Folder.PNG")))

        try F.write(F.quadrantJPEG(width: 200, height: 200), to: dir.file("COVER.JPG"))
        let source = try XCTUnwrap(try ArtworkSource.locate(trackPath: track, embedded: nil))
        XCTAssertEqual(source, .file(path: dir.file("COVER.JPG")), "cover.jpg beats folder.png")
        assertArtworkQuadrants(try ArtworkDecoder.decode(try source.readBytes(), fitting: square240))

        // A directory that happens to be called cover.jpg is skipped.
        unlink(dir.file("COVER.JPG"))
        mkdir(dir.file("cover.jpg"), 0o755)
        let fallback = try XCTUnwrap(try ArtworkSource.locate(trackPath: track, embedded: nil))
        XCTAssertEqual(fallback, .file(path: dir.file("Folder.PNG")))
        assertArtworkPixel(try ArtworkDecoder.decode(try fallback.readBytes(), fitting: square240), 120, 120,
                           is: F.blue, tolerance: 1)
    }

    func testEmbeddedPictureComesFirstAndTheFolderIsTheFallback() throws {
        let dir = try TemporaryDirectory(prefix: "crate-art")
        defer { dir.remove() }
        try F.write(F.quadrantJPEG(width: 100, height: 100), to: dir.file("art.jpg"))
        try F.mp3(at: dir.file("01.mp3"), cover: dir.file("art.jpg"))
        try F.write(F.quadrantPNG(width: 100, height: 100), to: dir.file("cover.png"))
        let location = try XCTUnwrap(try ArtworkSource.embeddedLocation(inTrack: dir.file("01.mp3")))
        XCTAssertEqual(try ArtworkSource.candidates(trackPath: dir.file("01.mp3"), embedded: location),
                       [.embedded(trackPath: dir.file("01.mp3"), location: location), .file(path: dir.file("cover.png"))])
    }

    func testDiscFolderFindsTheCoverOfTheWholeAlbum() throws {
        let dir = try TemporaryDirectory(prefix: "crate-art")
        defer { dir.remove() }
        mkdir(dir.file("CD 2"), 0o755)
        try F.write(F.quadrantJPEG(width: 64, height: 64), to: dir.file("front.jpg"))
        XCTAssertEqual(try ArtworkSource.locate(trackPath: dir.file("CD 2/01.mp3"), embedded: nil),
                       .file(path: dir.file("front.jpg")))
        XCTAssert(ArtworkSource.isDiscFolder("Disc_3"))
        XCTAssertFalse(ArtworkSource.isDiscFolder("CDs I like"))
    }

    func testUnusableLocationsAndUnreadableFilesAreErrors() throws {
        let dir = try TemporaryDirectory(prefix: "crate-art")
        defer { dir.remove() }
        try F.mp3(at: dir.file("01.mp3"))
        let track = dir.file("01.mp3")
        let size = try F.read(track).count

        func error(_ source: ArtworkSource) -> ArtworkError? {
            do {
                _ = try source.readBytes()
                return nil
            } catch { return error }
        }
        let beyond = ArtworkSource.embedded(trackPath: track, location: ArtworkLocation(offset: size - 10, length: 100,
                                                                                          mimeType: "image/jpeg"))
        guard case .badLocation(let path, let reason)? = error(beyond) else { return XCTFail("\(String(describing: error(beyond)))") }
        XCTAssertEqual(path, track)
        XCTAssert(reason.contains("beyond the end"), reason)

        let huge = ArtworkSource.embedded(trackPath: track, location: ArtworkLocation(offset: 0, length: 17 << 20,
                                                                                        mimeType: "image/jpeg"))
        guard case .badLocation? = error(huge) else { return XCTFail("17 MB: \(String(describing: error(huge)))") }

        let missing = ArtworkSource.file(path: dir.file("gone.jpg"))
        XCTAssertEqual(error(missing), .unreadable(path: dir.file("gone.jpg"), reason: "No such file or directory"))

        // A missing album folder is an error, not "no art" (a disk may not be mounted yet).
        XCTAssertThrowsError(try ArtworkSource.locate(trackPath: dir.file("nowhere/01.mp3"), embedded: nil)) {
            guard case .unreadable(let path, _)? = $0 as? ArtworkError else { return XCTFail("\($0)") }
            XCTAssertEqual(path, dir.file("nowhere"))
        }
        XCTAssertThrowsError(try ArtworkSource.embeddedLocation(inTrack: dir.file("nowhere.mp3")))
    }
}
