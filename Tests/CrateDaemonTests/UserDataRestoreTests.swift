import CrateCore
import CrateWire
import Foundation
import TestSupport
import XCTest

/// `restore` takes only what a Crate wrote: a file with a trigger (or any object the schema
/// lacks) is refused, and a FIFO or device is refused at once without tying up a worker.
extension UserDataDaemonTests {
    func testARestoreFileWithATriggerIsRefusedAndTheLikesStayIntact() throws {
        let daemon = try threeAlbumsWithOpinions()
        let socket = ["--socket", daemon.socket]
        let hostile = dir.path + "/hostile.sqlite"
        let made = try AdminProcess.run(["backup", hostile] + socket)
        XCTAssertEqual(made.code, 0, made.err)
        // A trigger that wipes every other album's state at the next like.
        XCTAssertEqual(try sqlite(hostile, """
            CREATE TRIGGER wipe AFTER UPDATE ON album_state BEGIN DELETE FROM album_state WHERE album_key != NEW.album_key; END;
            CREATE TRIGGER wipe_insert AFTER INSERT ON album_state BEGIN DELETE FROM album_state WHERE album_key != NEW.album_key; END;
            """), "")

        let refused = try AdminProcess.run(["restore", hostile] + socket)
        XCTAssertNotEqual(refused.code, 0, "a file with a trigger is refused: \(refused.out)")
        XCTAssertTrue(refused.err.contains("trigger wipe") && refused.err.contains("unchanged"), refused.err)

        // An extra column is no better than a trigger.
        let widened = dir.path + "/widened.sqlite"
        XCTAssertEqual(try AdminProcess.run(["backup", widened] + socket).code, 0)
        XCTAssertEqual(try sqlite(widened, "ALTER TABLE album_state ADD COLUMN note TEXT"), "")
        let refusedColumn = try AdminProcess.run(["restore", widened] + socket)
        XCTAssertNotEqual(refusedColumn.code, 0, refusedColumn.out)
        XCTAssertTrue(refusedColumn.err.contains("album_state"), refusedColumn.err)

        // The likes in force are the daemon's own, untouched by the refused file.
        try request(daemon, ControlRequest(cmd: .unlike, album: try albumID(daemon, "Third")))
        try request(daemon, ControlRequest(cmd: .like, album: try albumID(daemon, "Third")))
        XCTAssertEqual(daemon.stop(), 0)
        XCTAssertEqual(try sqlite(state + "/user.sqlite", "SELECT sum(liked), count(*) FROM album_state"), "3|3")
        XCTAssertEqual(try sqlite(state + "/user.sqlite", "SELECT count(*) FROM sqlite_schema WHERE type = 'trigger'"), "0")
    }

    func testRestoringAFIFOIsRefusedAtOnceAndStatusStillAnswers() throws {
        let daemon = try threeAlbumsWithOpinions()
        let fifo = dir.path + "/user.fifo"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        // Were a worker stuck opening the FIFO, a writer coming and going sets it free, so
        // the test ends either way.
        defer {
            let writer = open(fifo, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
        }
        let client = try daemon.connect()
        defer { client.close() }
        let reply = try client.request(ControlRequest(cmd: .restore, paths: [fifo]), timeout: 5)
        XCTAssertFalse(reply.ok)
        XCTAssertTrue(reply.error?.contains("not a regular file") == true, reply.error ?? "")
        for _ in 0..<8 {
            XCTAssertTrue(try daemon.connect().request(ControlRequest(cmd: .status), timeout: 5).ok, "status answers")
        }
        let cli = try AdminProcess.run(["restore", "/dev/zero", "--socket", daemon.socket])
        XCTAssertNotEqual(cli.code, 0)
        XCTAssertTrue(cli.err.contains("not a regular file"), cli.err)
    }
}
