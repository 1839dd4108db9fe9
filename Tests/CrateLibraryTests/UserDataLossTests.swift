@testable import CrateLibrary
import CrateCore
import Foundation
import Glibc
import Logging
import XCTest

/// Damage to user.sqlite that SQLite itself does not see — the main file cut to 0 bytes
/// with its WAL intact, the WAL cut in half, the WAL deleted — on real SQLite files left
/// as a kill -9 leaves them (copied while the store is open, the WAL not checkpointed).
/// Every loss is reported; what the WAL still holds is salvaged; salvage keeps only
/// valid rows.
final class UserDataLossTests: StoreTestCase {
    static let likes = 280
    var crashed: String { dir.path + "/crashed" }

    func key(_ n: Int) -> String { "tag:artist \(n % 17)|album number \(n)" }

    /// 280 likes acknowledged one by one, then the files copied as a power cut would leave them.
    func likeAndCrash() throws {
        let store = try openStore()
        for n in 0..<Self.likes { try store.setOpinion(.liked, albumKey: key(n), at: Double(n)) }
        XCTAssertGreaterThan(StoreFiles.size(stateDir + "/user.sqlite-wal") ?? 0, 0, "the likes are in the WAL")
        try FileManager.default.createDirectory(atPath: crashed, withIntermediateDirectories: true)
        for name in stateFiles(prefix: "user.sqlite") where !name.hasSuffix("-shm") {
            try FileManager.default.copyItem(atPath: stateDir + "/" + name, toPath: crashed + "/" + name)
        }
        _ = store
    }

    func openCrashed() throws -> LibraryStore {
        try LibraryStore.open(directory: crashed, logger: Logger(label: "store-test"))
    }

    func likes(_ store: LibraryStore) throws -> [String] { try store.likedAlbumKeys() }

    func testTheMainFileCutToZeroIsRebuiltFromItsWAL() throws {
        try likeAndCrash()
        XCTAssertEqual(truncate(crashed + "/user.sqlite", 0), 0)
        let store = try openCrashed()
        let note = try XCTUnwrap(store.notes.first { $0.contains("cut to 0 bytes") }, "\(store.notes)")
        XCTAssertTrue(note.contains("rebuilt from"), note)
        XCTAssertEqual(Set(try likes(store)), Set((0..<Self.likes).map(key)), "every like the WAL held is back")
        XCTAssertFalse(store.notes.contains { $0.contains("lost changes") }, "nothing was lost: \(store.notes)")
    }

    func testAWALCutInHalfIsReportedWithTheLikesLost() throws {
        try likeAndCrash()
        let wal = crashed + "/user.sqlite-wal"
        XCTAssertEqual(truncate(wal, off_t(StoreFiles.size(wal)! / 2)), 0)
        let store = try openCrashed()
        let kept = try likes(store).count
        XCTAssertLessThan(kept, Self.likes)
        let note = try XCTUnwrap(store.notes.first { $0.contains("lost changes") }, "\(store.notes)")
        XCTAssertTrue(note.contains("\(Self.likes - kept) like(s)"), note)
        // Said once: the next start finds the two level.
        store.close()
        XCTAssertEqual(try openCrashed().notes, [])
    }

    func testADeletedWALIsReported() throws {
        try likeAndCrash()
        XCTAssertEqual(unlink(crashed + "/user.sqlite-wal"), 0)
        let store = try openCrashed()
        let kept = try likes(store).count
        let note = try XCTUnwrap(store.notes.first { $0.contains("lost changes") }, "\(store.notes)")
        XCTAssertTrue(note.contains("\(Self.likes - kept) like(s)"), note)
        XCTAssertTrue(note.contains("counted \(Self.likes) likes"), note)
    }

    /// A page of garbage can still read as rows: salvage keeps only rows that are valid.
    func testSalvageKeepsOnlyValidRows() throws {
        do {
            let store = try openStore()
            try store.withUserData { db in
                try db.transaction {
                    // A row of NUL bytes, as a damaged page can read back, then many good ones.
                    try db.run("INSERT INTO album_state (album_key, liked) VALUES (CAST(zeroblob(24) AS TEXT), 1)")
                    for n in 0..<3000 {
                        try db.run("INSERT INTO album_state (album_key, liked) VALUES (?1, 1)", [.text(key(n))])
                    }
                }
            }
            store.close()
        }
        let path = stateDir + "/user.sqlite"
        let bytes = fileBytes(path)
        let leaves = (2..<(bytes.count / 4096)).filter { bytes[($0 - 1) * 4096] == 0x0D }
        let victim = try XCTUnwrap(leaves.dropFirst(leaves.count / 2).first)
        try overwrite(path, offset: (victim - 1) * 4096, count: 4096, with: 0)

        let store = try openStore()
        let note = try XCTUnwrap(store.notes.first { $0.contains("user.sqlite was damaged") }, "\(store.notes)")
        let keys = try likes(store)
        XCTAssertGreaterThan(keys.count, 2000)
        XCTAssertTrue(keys.allSatisfy { $0.hasPrefix("tag:") }, "no like for a key of NUL bytes")
        let invalid = try store.withUserData {
            try $0.firstRow("SELECT count(*) FROM album_state WHERE instr(CAST(album_key AS BLOB), x'00') > 0 OR album_key = ''") { $0.int(0) }
        }
        XCTAssertEqual(invalid, 0)
        XCTAssertTrue(note.contains("1 damaged rows skipped"), note)
    }
}
