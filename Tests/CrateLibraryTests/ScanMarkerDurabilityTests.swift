@testable import CrateLibrary
import XCTest

/// The scan-in-progress marker is committed with a WAL fsync (the VM power-cut test once
/// found a full rescan cut 0.7 s in that was not resumed: the marker was still in the
/// guest's page cache), and the cache goes back to `synchronous = NORMAL` afterwards.
final class ScanMarkerDurabilityTests: StoreTestCase {
    func testADurableScanStateWriteLeavesTheCacheAtNormalSync() throws {
        let store = try openStore()
        try store.setScanState(Library.inProgressKey, Library.fullScanMarker, durable: true)
        XCTAssertEqual(try store.scanState(Library.inProgressKey), Library.fullScanMarker)
        let level = try store.write { db in try db.firstRow("PRAGMA synchronous") { $0.int(0) } }
        XCTAssertEqual(level, 1, "NORMAL again: batches of a scan are not fsynced one by one")
    }
}
