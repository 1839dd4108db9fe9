import CratePosix
import Glibc
import XCTest

/// What crated gives back after a burst of work on a thread of its own, as a library
/// scan is: with the allocator thresholds it fixes at start, the burst's memory does not
/// stay resident once freed.
final class MemoryTests: XCTestCase {
    /// This process's anonymous resident memory, KiB (`RssAnon` in /proc/self/status).
    private func residentAnonymousKiB() throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try XCTUnwrap(status.split(separator: "\n").first { $0.starts(with: "RssAnon:") })
        return try XCTUnwrap(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
    }

    /// A scan in small: a 24 MiB table freed (by glibc's default that raises the trim
    /// threshold to 48 MiB; above 32 MiB it would not), then 150,000 small blocks (about
    /// 30 MiB) made and freed on the same thread. By default those 30 MiB stayed resident
    /// at the top of the thread's arena, which is how crated's idle RSS climbed with each
    /// rescan of 100,000 tracks.
    func testABurstOnAThreadIsGivenBackOnceFreed() throws {
        XCTAssertTrue(Memory.fixAllocatorThresholds())
        let before = try residentAnonymousKiB()
        let thread = try PosixThread.spawn(name: "test-burst", detached: false) {
            let tableBytes = 24 << 20
            let table = malloc(tableBytes)!
            memset(table, 1, tableBytes)  // touched, as a real table is
            free(table)
            // Larger than glibc's fast bins (up to 128 bytes), so freed blocks merge.
            let blockBytes = 200
            let blocks = UnsafeMutablePointer<UnsafeMutableRawPointer>.allocate(capacity: 150_000)
            for i in 0..<150_000 {
                let block = malloc(blockBytes)!
                memset(block, 1, blockBytes)
                blocks[i] = block
            }
            for i in 0..<150_000 { free(blocks[i]) }
            blocks.deallocate()
        }
        PosixThread.join(thread)
        let grown = try residentAnonymousKiB() - before
        XCTAssertLessThan(grown, 8 * 1024, "\(grown) KiB stayed resident after the burst's memory was freed")
    }
}
