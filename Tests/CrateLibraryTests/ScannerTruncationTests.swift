@testable import CrateLibrary
import CrateCore
import Foundation
import Logging
import TestSupport
import XCTest

/// A file cut in half is reported in the scan report, whatever its format: each format's
/// own encoder makes it, the second half is cut off, and the scan must compare the
/// stream's end with the length its header or container claims.
final class ScannerTruncationTests: XCTestCase {
    var dir: TemporaryDirectory!
    var music: String { dir.path + "/music" }

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "truncation-scan") }
    override func tearDown() { dir?.remove() }

    /// A whole file made by the format's encoder (MP4 with its moov first, when `faststart`),
    /// checked to scan without a report, then cut in half.
    func halfFile(_ format: FormatFixtures.Format, faststart: Bool = false) throws -> String {
        let path = music + "/Album/01 Half.\(format.suffix)"
        try FileManager.default.createDirectory(atPath: music + "/Album", withIntermediateDirectories: true)
        let encoded = faststart ? path + ".plain." + format.suffix : path
        try FormatFixtures.encode(FormatFixtures.sweep(rate: 48000, seconds: 4), format: format, rate: 48000,
                                  channels: 2, to: encoded)
        if faststart {
            try AudioFixtures.run("/usr/bin/ffmpeg", ["-v", "error", "-i", encoded, "-c", "copy", "-movflags", "+faststart",
                                                      "-y", path])
            try FileManager.default.removeItem(atPath: encoded)
        }
        XCTAssertNil(try report(for: path), "\(format): the whole file has nothing to report")
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        XCTAssertEqual(truncate(path, off_t(size / 2)), 0)
        return path
    }

    var store: LibraryStore?

    func report(for path: String) throws -> String? {
        let store = try self.store ?? LibraryStore.open(directory: dir.path + "/state", logger: Logger(label: "test"))
        self.store = store
        let report = LibraryScanner(store: store, roots: [music], logger: Logger(label: "test"))
            .run(full: false, cancelled: { false }, progress: { _ in })
        let problem = report.skipped.first { $0.path == path }
        // A cut-off file that still plays what is there is kept in the library, and says so;
        // one that cannot play (an MP4 without its moov) is left out.
        if let problem {
            XCTAssertEqual(problem.kept, try store.stamps(root: music)[path] != nil, "\(problem)")
        }
        return problem?.reason
    }

    func check(_ format: FormatFixtures.Format, faststart: Bool = false, file: StaticString = #filePath,
               line: UInt = #line) throws {
        let path = try halfFile(format, faststart: faststart)
        let reason = try report(for: path)
        XCTAssertTrue(reason?.contains("truncated") == true || reason?.contains("cut short") == true,
                      "\(format): a half file must be reported as truncated, got \(reason ?? "nothing")", file: file, line: line)
    }

    func testAHalfOpusFileIsReported() throws { try check(.opus) }
    func testAHalfVorbisFileIsReported() throws { try check(.vorbis) }
    func testAHalfFLACFileIsReported() throws { try check(.flac) }
    func testAHalfMP3FileIsReported() throws { try check(.mp3) }
    func testAHalfAACFileIsReported() throws { try check(.aac) }
    func testAHalfALACFileIsReported() throws { try check(.alac) }
    func testAHalfAACFileWithItsMoovFirstIsReported() throws { try check(.aac, faststart: true) }
    func testAHalfALACFileWithItsMoovFirstIsReported() throws { try check(.alac, faststart: true) }
}
