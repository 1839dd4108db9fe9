@testable import CrateLibrary
import CrateSQLite
import XCTest

/// The files, settings and migrations the store opens with.
final class StoreSchemaTests: StoreTestCase {
    func testOpeningCreatesBothFilesAtTheLatestVersion() throws {
        let store = try openStore()
        XCTAssertEqual(store.notes, [], "a first start is not a recovery")
        let cache = try rawDatabase("library.sqlite")
        XCTAssertEqual(try cache.userVersion, CacheSchema.migrations.latestVersion)
        XCTAssertEqual(try cache.pragma("journal_mode"), "wal")
        let tables = try cache.rows("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name") { $0.text(0) }
        for table in ["albums", "files", "roots", "scan_skipped", "scan_state"] {
            XCTAssertTrue(tables.contains(table), "\(table) missing from \(tables)")
        }
        let indexes = try cache.rows("SELECT name FROM sqlite_schema WHERE type = 'index'") { $0.text(0) }
        for index in ["files_by_album", "files_by_root", "albums_by_super_genre", "albums_by_sub_genre", "albums_by_artist"] {
            XCTAssertTrue(indexes.contains(index), "\(index) missing")
        }

        let user = try rawDatabase("user.sqlite")
        XCTAssertEqual(try user.userVersion, UserSchema.migrations.latestVersion)
        XCTAssertEqual(try user.pragma("journal_mode"), "wal")
        let userTables = try user.rows("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name") { $0.text(0) }
        XCTAssertEqual(userTables, ["album_state", "key_values"])
    }

    /// A cache from before albums had several genres: on the next start each album
    /// already known is put in every genre its tags name, without a rescan.
    func testAnAlbumKnownBeforeSeveralGenresIsInEachAfterTheNextStart() throws {
        do {
            let store = try openStore()
            var file = track("/music/A/1.mp3", superGenre: "Jazz")
            file.genres = ["Jazz; Soul"]
            try store.apply(upserts: [file], deletions: [])
            XCTAssertEqual(try store.albums(superGenre: "R&B/Soul").count, 1)
        }
        // As the cache was before the migration: no other genres, the backfill asked for.
        let cache = try rawDatabase("library.sqlite")
        try cache.exec("DELETE FROM album_genres; INSERT INTO scan_state (key, value) VALUES ('album-genres-pending', '1')")
        let store = try openStore()
        XCTAssertEqual(try store.albums(superGenre: "R&B/Soul").map(\.title), ["Album"], "Soul as well as Jazz")
        XCTAssertEqual(try store.albums(superGenre: "Jazz").map(\.title), ["Album"])
    }

    func testConnectionSettingsMatchWhatEachFileHolds() throws {
        let store = try openStore()
        // NORMAL = 1 for the rebuildable cache, FULL = 2 for the user's own data.
        XCTAssertEqual(try store.write { try $0.pragma("synchronous") }, "1")
        XCTAssertEqual(try store.withUserData { try $0.pragma("synchronous") }, "2")
        XCTAssertEqual(try store.write { try $0.pragma("foreign_keys") }, "1")
        XCTAssertEqual(try store.withUserData { try $0.pragma("foreign_keys") }, "1")
        XCTAssertThrowsError(try store.read { try $0.exec("DELETE FROM albums") }, "the reader is query-only")
    }

    func testReopeningKeepsDataAndRunsNoMigration() throws {
        do {
            let store = try openStore()
            try store.apply(upserts: albumTracks("/music/A", key: "a", artist: "A", title: "One"), deletions: [])
        }
        let store = try openStore()
        XCTAssertEqual(store.notes, [])
        XCTAssertEqual(try store.albums().map(\.title), ["One"])
    }

    func testMigrationsRunInOrderFromTheFileVersion() throws {
        let path = dir.file("steps.sqlite")
        let db = try Database(path: path, flags: Database.readWriteCreate)
        let v2 = SchemaMigrations(file: "steps.sqlite", steps: ["CREATE TABLE a (x)", "ALTER TABLE a ADD COLUMN y"])
        try SchemaMigrations(file: "steps.sqlite", steps: Array(v2.steps.prefix(1))).migrate(db)
        XCTAssertEqual(try db.userVersion, 1)
        try v2.migrate(db)
        XCTAssertEqual(try db.userVersion, 2)
        XCTAssertEqual(try db.rows("SELECT name FROM pragma_table_info('a')") { $0.text(0) }, ["x", "y"])
    }

    func testAFailingStepLeavesTheVersionWhereItWas() throws {
        let db = try Database(path: dir.file("broken.sqlite"), flags: Database.readWriteCreate)
        let steps = SchemaMigrations(file: "broken.sqlite", steps: ["CREATE TABLE a (x)", "CREATE TABLE b (y); BOGUS"])
        XCTAssertThrowsError(try steps.migrate(db))
        XCTAssertEqual(try db.userVersion, 1, "step 2 rolled back as a whole")
        XCTAssertEqual(try db.rows("SELECT name FROM sqlite_schema WHERE name = 'b'") { $0.text(0) }, [])
    }

    func testANewerCacheIsRefusedWithAClearError() throws {
        try checkNewerVersionRefused(file: "library.sqlite")
    }

    func testNewerUserDataIsRefusedWithAClearError() throws {
        try checkNewerVersionRefused(file: "user.sqlite")
    }

    private func checkNewerVersionRefused(file: String) throws {
        _ = try openStore()
        try rawDatabase(file).setUserVersion(99)
        XCTAssertThrowsError(try openStore()) { error in
            guard case LibraryStoreError.newerSchema(let name, let found, let supported) = error else {
                return XCTFail("unexpected \(error)")
            }
            XCTAssertEqual(name, file)
            XCTAssertEqual(found, 99)
            XCTAssertEqual(supported, file == "user.sqlite" ? 3 : 7, "the versions this build knows")
            XCTAssertTrue("\(error)".contains("newer Crate"), "\(error)")
        }
        XCTAssertEqual(stateFiles(prefix: file + ".corrupt"), [], "a newer file is not damage: left alone")
    }

    func testTheStateDirectoryIsCreatedWithItsParents() throws {
        let store = try LibraryStore.open(directory: dir.path + "/a/b/c", logger: .init(label: "t"))
        XCTAssertEqual(try store.albums(), [])
    }
}
