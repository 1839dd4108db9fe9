import CrateFormats
import Foundation
import TestSupport
import XCTest

@testable import CrateDisplay

/// The cache's size cap: covers on disk never exceed it, the least recently used leave
/// first, and the order of use survives a restart.
extension ArtworkTests {
    /// Album folders with a cover.jpg each, and the cache directory to be.
    private func albums(_ names: [String]) throws -> (dir: TemporaryDirectory, cache: String) {
        let dir = try TemporaryDirectory(prefix: "crate-cap")
        for name in names {
            mkdir(dir.file(name), 0o755)
            try F.write(F.quadrantJPEG(width: 300, height: 300), to: dir.file(name + "/cover.jpg"))
        }
        return (dir, dir.file("state/artwork"))
    }

    /// The albums (of `keys`) that have an entry of `box` on disk.
    private func cached(_ cache: String, _ keys: [String], _ box: ArtworkBox) -> [String] {
        keys.filter { F.exists(cache + "/" + ArtworkCacheFile.name(albumKey: $0, box: box)) }
    }

    private func directoryBytes(_ path: String) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: path).reduce(0) { total, name in
            total + ((try FileManager.default.attributesOfItem(atPath: path + "/" + name)[.size] as? Int) ?? 0)
        }
    }

    func testTheCapDeletesTheLeastRecentlyUsedCoversFirstAndIsNeverExceeded() throws {
        let keys = ["a", "b", "c", "d", "e"]
        let (dir, cachePath) = try albums(keys)
        defer { dir.remove() }
        let box = ArtworkBox(width: 100, height: 100)
        let entry = 28 + 1 + 100 * 100 * 3
        let cap = 3 * entry + 10
        let cache = try ArtworkCache(directory: cachePath, memoryCapacity: 0, capBytes: cap)
        func show(_ key: String, in cache: ArtworkCache) throws {
            let image = try cache.image(forAlbumKey: key, trackPath: dir.file(key + "/01.mp3"), artwork: nil, size: box)
            assertArtworkQuadrants(try XCTUnwrap(image, key))
            XCTAssertLessThanOrEqual(try directoryBytes(cachePath), cap, "after showing \(key)")
        }
        for key in ["a", "b", "c"] { try show(key, in: cache) }
        XCTAssertEqual(cached(cachePath, keys, box), ["a", "b", "c"])
        try show("a", in: cache)  // seen again: b is now the least recently used
        try show("d", in: cache)
        XCTAssertEqual(cached(cachePath, keys, box), ["a", "c", "d"])
        let status = cache.status()
        XCTAssertEqual(status.files, 3)
        XCTAssertEqual(status.bytes, try directoryBytes(cachePath))
        XCTAssertEqual(status.capBytes, cap)

        // After a restart the order of use is still known (c, a, d): e replaces c.
        let restarted = try ArtworkCache(directory: cachePath, memoryCapacity: 0, capBytes: cap)
        try show("e", in: restarted)
        XCTAssertEqual(cached(cachePath, keys, box), ["a", "d", "e"])

        // A smaller cap at start trims the directory at once, keeping the most recent.
        let smaller = try ArtworkCache(directory: cachePath, memoryCapacity: 0, capBytes: entry + 10)
        XCTAssertEqual(cached(cachePath, keys, box), ["e"])
        XCTAssertEqual(smaller.status().files, 1)

        // A cover larger than the whole cap is still shown, but not kept.
        let tiny = try ArtworkCache(directory: cachePath, memoryCapacity: 0, capBytes: 1000)
        let image = try tiny.image(forAlbumKey: "b", trackPath: dir.file("b/01.mp3"), artwork: nil, size: box)
        assertArtworkQuadrants(try XCTUnwrap(image))
        XCTAssertLessThanOrEqual(try directoryBytes(cachePath), 1000)
        XCTAssertNil(tiny.diskProblem)
    }

    func testAFetchedCoverIsKeptAsItCameAndScaledForEverySizeWithoutTheSource() throws {
        let dir = try TemporaryDirectory(prefix: "crate-fetched")
        defer { dir.remove() }
        let cachePath = dir.file("artwork")
        let png = F.quadrantPNG(width: 240, height: 240)
        let cache = try ArtworkCache(directory: cachePath, capBytes: 1 << 20)
        XCTAssertNil(try cache.fetchedImage(forAlbumKey: "plex-1", size: square240), "not fetched yet")
        try cache.storeFetched(png, forAlbumKey: "plex-1", source: "thumb", box: square240)
        XCTAssertEqual(try F.read(cachePath + "/" + ArtworkCacheFile.fetchedName(albumKey: "plex-1")), png)

        // A new process, another size: scaled from the kept picture, nothing fetched.
        let restarted = try ArtworkCache(directory: cachePath, capBytes: 1 << 20)
        for side in [240, 100] {
            let image = try XCTUnwrap(try restarted.fetchedImage(forAlbumKey: "plex-1",
                                                                 size: ArtworkBox(width: side, height: side)))
            XCTAssertEqual(image.width, side)
            assertArtworkQuadrants(image, tolerance: 4)
        }

        // What is not a picture is refused, with where it came from, and nothing is kept.
        for (label, bytes) in [("html", Array("<html><body>401 Unauthorized</body></html>".utf8)),
                               ("garbage", [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 7, count: 300))] {
            XCTAssertThrowsError(try cache.storeFetched(bytes, forAlbumKey: "plex-2", source: "thumb 2", box: square240),
                                 label) { error in
                guard case .fetchFailed(let source, let reason)? = error as? ArtworkError else {
                    return XCTFail("\(label): \(error)")
                }
                XCTAssertEqual(source, "thumb 2")
                XCTAssertTrue(reason.contains("not a usable picture"), reason)
            }
            XCTAssertFalse(F.exists(cachePath + "/" + ArtworkCacheFile.fetchedName(albumKey: "plex-2")), label)
        }

        // A failed fetch is remembered (and reported) until its retry, and never deletes a kept cover.
        cache.noteFetchFailure(.fetchFailed(source: "thumb", reason: "unreachable"), forAlbumKey: "plex-1")
        XCTAssertThrowsError(try cache.fetchedImage(forAlbumKey: "plex-1", size: ArtworkBox(width: 120, height: 120)))
        XCTAssertEqual(cache.status().failing, 1)
        XCTAssertTrue(cache.status().lastError?.contains("unreachable") == true)
        XCTAssert(F.exists(cachePath + "/" + ArtworkCacheFile.fetchedName(albumKey: "plex-1")))
        cache.retryFailedFetches()
        XCTAssertNotNil(try cache.fetchedImage(forAlbumKey: "plex-1", size: ArtworkBox(width: 120, height: 120)))
        XCTAssertEqual(cache.status().failing, 0)
    }
}
