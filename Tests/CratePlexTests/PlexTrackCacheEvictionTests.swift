@testable import CratePlex
import CrateHTTP
import CrateLibrary
import Foundation
import Glibc
import Logging
import TestSupport
import XCTest

/// The cache's cap covers partial downloads: a `.part` a power cut left behind (found by
/// the VM power-cut test: one per cut mid-download, never counted, never deleted) is
/// evicted oldest first like a complete file, while a download under way keeps its own.
final class PlexTrackCacheEvictionTests: XCTestCase {
    /// A cache of `capBytes` holding `files` (1000 bytes each, oldest first) under `dir`.
    func cache(in dir: TemporaryDirectory, capBytes: Int, files: [String]) throws -> PlexTrackCache {
        let logger = Logger(label: "test")
        let client = PlexClient(http: HTTPClient(logger: logger),
                                device: PlexDevice(clientIdentifier: "test", version: "1", deviceName: "test"),
                                logger: logger)
        let cache = PlexTrackCache(directory: dir.path, capBytes: capBytes, client: client, logger: logger)
        XCTAssertEqual(mkdir(dir.file("m"), 0o755), 0)
        for (age, name) in files.enumerated() {
            let path = dir.file(name)
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(count: 1000)))
            var times = [timeval(tv_sec: 1_000_000 + age * 1000, tv_usec: 0), timeval(tv_sec: 1_000_000 + age * 1000, tv_usec: 0)]
            XCTAssertEqual(utimes(path, &times), 0)
        }
        return cache
    }

    func testAPartialLeftByACutIsEvictedButADownloadUnderWayKeepsItsPart() throws {
        let dir = try TemporaryDirectory(prefix: "plexcache")
        defer { dir.remove() }
        // Oldest first: the orphan, the part being written, a complete file, the newest.
        let cache = try cache(in: dir, capBytes: 2000, files: ["m/1-a.mp3.part", "m/2-b.mp3.part", "m/3-c.mp3", "m/4-d.mp3"])
        cache.active.withLock { $0["2"] = (bytes: 1000, total: 5000) }

        cache.evictIfNeeded(keeping: [dir.file("m/4-d.mp3")])

        func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: dir.file(name)) }
        XCTAssertFalse(exists("m/1-a.mp3.part"), "the orphaned part counts and goes first")
        XCTAssertTrue(exists("m/2-b.mp3.part"), "the part being downloaded stays")
        XCTAssertFalse(exists("m/3-c.mp3"), "then the least recently played complete file")
        XCTAssertTrue(exists("m/4-d.mp3"), "the file kept stays")
        XCTAssertEqual(cache.usage().files, 1, "partial downloads are not offered as downloaded tracks")
    }

    /// Kept albums' files are never evicted, however old: the others go first, and when
    /// only kept files are left the cache stays over its cap rather than lose them.
    func testKeptFilesAreNeverEvicted() throws {
        let dir = try TemporaryDirectory(prefix: "plexcache")
        defer { dir.remove() }
        let cache = try cache(in: dir, capBytes: 1500, files: ["m/1-kept.mp3", "m/2-old.mp3", "m/3-kept.mp3", "m/4-new.mp3"])
        cache.kept.withLock { $0 = [dir.file("m/1-kept.mp3"), dir.file("m/3-kept.mp3")] }

        cache.evictIfNeeded(keeping: [])

        func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: dir.file(name)) }
        XCTAssertTrue(exists("m/1-kept.mp3"), "the oldest, but kept")
        XCTAssertTrue(exists("m/3-kept.mp3"))
        XCTAssertFalse(exists("m/2-old.mp3"))
        XCTAssertFalse(exists("m/4-new.mp3"), "evicted too: the kept files alone are over the cap")
        XCTAssertEqual(cache.usage().bytes, 2000)
    }
}
