import CrateFormats
import TestSupport
import XCTest

@testable import CrateDisplay

/// The cache: disk entries that outlive the process and the source, corruption,
/// unusable directories, remembered absences and failures, the memory LRU.
extension ArtworkTests {
    /// An album folder with a track and a cover.jpg, and an empty cache directory.
    private func album() throws -> (dir: TemporaryDirectory, track: String, cache: String) {
        let dir = try TemporaryDirectory(prefix: "crate-art")
        mkdir(dir.file("album"), 0o755)
        try F.write(F.quadrantJPEG(width: 500, height: 500), to: dir.file("album/cover.jpg"))
        return (dir, dir.file("album/01.mp3"), dir.file("state/artwork"))
    }

    func testSecondCacheReadsTheDiskEntryWithoutTheSource() throws {
        let (dir, track, cachePath) = try album()
        defer { dir.remove() }
        let first = try XCTUnwrap(try ArtworkCache(directory: cachePath)
            .image(forAlbumKey: "a", trackPath: track, artwork: nil, size: square240))
        assertArtworkQuadrants(first)
        // FNV-1a 64 of "a" is af63dc4c8601ec8c.
        let entry = cachePath + "/af63dc4c8601ec8c-240x240.rgb"
        XCTAssert(F.exists(entry))
        XCTAssertEqual(try F.read(entry).count, 28 + 1 + 240 * 240 * 3)

        unlink(dir.file("album/cover.jpg"))
        let again = try ArtworkCache(directory: cachePath)
            .image(forAlbumKey: "a", trackPath: track, artwork: nil, size: square240)
        assertSameArtwork(again, first)
        // Another size of the same album is not cached, and its source is gone.
        XCTAssert(try ArtworkCache(directory: cachePath)
            .image(forAlbumKey: "a", trackPath: track, artwork: nil, size: ArtworkBox(width: 120, height: 120)) == nil)
    }

    func testCorruptOrTruncatedEntriesAreDeletedAndRebuilt() throws {
        let (dir, track, cachePath) = try album()
        defer { dir.remove() }
        let original = try XCTUnwrap(try ArtworkCache(directory: cachePath)
            .image(forAlbumKey: "Kind of Blue", trackPath: track, artwork: nil, size: square240))
        let entry = cachePath + "/" + ArtworkCacheFile.name(albumKey: "Kind of Blue", box: square240)
        let good = try F.read(entry)

        var flipped = good
        flipped[good.count / 2] ^= 0xFF  // one pixel wrong: the checksum must catch it
        for (label, bytes) in [("flipped", flipped), ("truncated", Array(good.prefix(good.count - 7))),
                               ("header only", Array(good.prefix(20))), ("empty", [])] {
            try F.write(bytes, to: entry)
            let image = try ArtworkCache(directory: cachePath)
                .image(forAlbumKey: "Kind of Blue", trackPath: track, artwork: nil, size: square240)
            assertSameArtwork(image, original, label)
            XCTAssert(try F.read(entry) == good, "\(label): entry rewritten")
        }

        // An entry copied over from another album (same size) is not shown either.
        let other = cachePath + "/" + ArtworkCacheFile.name(albumKey: "Giant Steps", box: square240)
        try F.write(good, to: other)
        unlink(dir.file("album/cover.jpg"))
        XCTAssert(try ArtworkCache(directory: cachePath)
            .image(forAlbumKey: "Giant Steps", trackPath: track, artwork: nil, size: square240) == nil)
        XCTAssertFalse(F.exists(other))
    }

    func testUnusableCacheDirectory() throws {
        let (dir, track, _) = try album()
        defer { dir.remove() }
        // Creating the cache under a regular file fails clearly (even for root).
        try F.write([1], to: dir.file("file"))
        XCTAssertThrowsError(try ArtworkCache(directory: dir.file("file/artwork"))) {
            guard case .cacheUnavailable(let path, let reason)? = $0 as? ArtworkError else { return XCTFail("\($0)") }
            XCTAssertEqual(path, dir.file("file/artwork"))
            XCTAssert(reason.contains("not a directory"), reason)
        }

        // A directory lost after start: the image still comes, the problem is reported.
        let cache = try ArtworkCache(directory: dir.file("lost"))
        XCTAssertNil(cache.diskProblem)
        rmdir(dir.file("lost"))
        try F.write([1], to: dir.file("lost"))
        let image = try XCTUnwrap(try cache.image(forAlbumKey: "x", trackPath: track, artwork: nil, size: square240))
        assertArtworkQuadrants(image)
        guard case .cacheUnavailable? = cache.diskProblem else {
            return XCTFail("diskProblem: \(String(describing: cache.diskProblem))")
        }

        // Without a disk at all, decoding works the same.
        let memoryOnly = ArtworkCache()
        assertSameArtwork(try memoryOnly.image(forAlbumKey: "x", trackPath: track, artwork: nil, size: square240), image)
        XCTAssertNil(memoryOnly.directory)
    }

    func testAlbumWithoutArtIsRememberedUntilForgotten() throws {
        let (dir, track, cachePath) = try album()
        defer { dir.remove() }
        unlink(dir.file("album/cover.jpg"))
        let cache = try ArtworkCache(directory: cachePath)
        XCTAssert(try cache.image(forAlbumKey: "bare", trackPath: track, artwork: nil, size: square240) == nil)

        try F.write(F.quadrantJPEG(width: 64, height: 64), to: dir.file("album/cover.jpg"))
        XCTAssert(try cache.image(forAlbumKey: "bare", trackPath: track, artwork: nil, size: square240) == nil,
                     "the folder is not searched again")
        cache.forget(albumKey: "bare")
        let found = try XCTUnwrap(try cache.image(forAlbumKey: "bare", trackPath: track, artwork: nil, size: square240))
        assertArtworkQuadrants(found, tolerance: 30)
    }

    func testBrokenEmbeddedPictureFallsBackThenFailuresAreRemembered() throws {
        let (dir, _, cachePath) = try album()
        defer { dir.remove() }
        // lame embeds a GIF happily; the box does not decode GIFs.
        try F.write(Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0, 0x3B], to: dir.file("art.gif"))
        try F.mp3(at: dir.file("album/01.mp3"), cover: dir.file("art.gif"))
        let track = dir.file("album/01.mp3")
        let gif = try XCTUnwrap(try MP3FileInfo.read(path: track).tags.artwork)

        let cache = try ArtworkCache(directory: cachePath)
        let fromFolder = try XCTUnwrap(try cache.image(forAlbumKey: "g", trackPath: track, artwork: gif, size: square240))
        assertArtworkQuadrants(fromFolder)

        unlink(dir.file("album/cover.jpg"))
        XCTAssertThrowsError(try cache.image(forAlbumKey: "gif only", trackPath: track, artwork: gif, size: square240)) {
            XCTAssertEqual($0 as? ArtworkError, .unsupportedType("GIF"))
        }
        // Remembered: even a cover appearing later is not looked at until forget.
        try F.write(F.quadrantJPEG(width: 64, height: 64), to: dir.file("album/cover.jpg"))
        XCTAssertThrowsError(try cache.image(forAlbumKey: "gif only", trackPath: track, artwork: gif, size: square240))
        cache.forget(albumKey: "gif only")
        XCTAssertNotNil(try cache.image(forAlbumKey: "gif only", trackPath: track, artwork: gif, size: square240))
    }

    func testRecentCoversAreServedFromMemoryAndEvicted() throws {
        let (dir, track, cachePath) = try album()
        defer { dir.remove() }
        let cache = try ArtworkCache(directory: cachePath, memoryCapacity: 1)
        let first = try XCTUnwrap(try cache.image(forAlbumKey: "one", trackPath: track, artwork: nil, size: square240))

        // Source and disk entry gone: only memory can answer.
        unlink(dir.file("album/cover.jpg"))
        unlink(cachePath + "/" + ArtworkCacheFile.name(albumKey: "one", box: square240))
        assertSameArtwork(try cache.image(forAlbumKey: "one", trackPath: track, artwork: nil, size: square240), first)

        // A second album pushes the first out of a one-entry memory: now it is gone for good.
        mkdir(dir.file("other"), 0o755)
        try F.write(F.quadrantJPEG(width: 64, height: 64), to: dir.file("other/cover.jpg"))
        XCTAssertNotNil(try cache.image(forAlbumKey: "two", trackPath: dir.file("other/01.mp3"), artwork: nil,
                                        size: square240))
        XCTAssert(try cache.image(forAlbumKey: "one", trackPath: track, artwork: nil, size: square240) == nil)
    }
}
