import CratePosix
import Foundation
import Glibc
import TestSupport
import XCTest

/// The one way files the box must not lose are put in place (`AtomicFile`): whole or
/// not at all, the old content kept when the new cannot be written.
final class DurableFileTests: XCTestCase {
    func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    func testAFinishedDownloadReplacesTheOldCopyAndLeavesNoTemporary() throws {
        let dir = try TemporaryDirectory(prefix: "durable")
        defer { dir.remove() }
        let target = dir.file("track.flac"), partial = dir.file("track.flac.partial")
        try "old".write(toFile: target, atomically: false, encoding: .utf8)
        try "new, whole".write(toFile: partial, atomically: false, encoding: .utf8)
        try AtomicFile.commit(partial, to: target)
        XCTAssertEqual(try read(target), "new, whole")
        XCTAssertEqual(access(partial, F_OK), -1, "the temporary name is gone")
    }

    func testAFailedCommitKeepsTheOldContentAndSaysWhy() throws {
        let dir = try TemporaryDirectory(prefix: "durable")
        defer { dir.remove() }
        let target = dir.file("likes.sqlite")
        try "old".write(toFile: target, atomically: false, encoding: .utf8)
        XCTAssertThrowsError(try AtomicFile.commit(dir.file("never-written"), to: target)) { error in
            XCTAssertTrue("\(error)".contains("cannot open \(dir.file("never-written"))"), "\(error)")
        }
        XCTAssertEqual(try read(target), "old")
        XCTAssertThrowsError(try AtomicFile.write(Array("x".utf8), to: dir.file("gone/account.json"))) { error in
            XCTAssertEqual("\(error)", "cannot write \(dir.file("gone/account.json")): No such file or directory")
        }
    }

    func testWrittenBytesArriveWholeWithTheirMode() throws {
        let dir = try TemporaryDirectory(prefix: "durable")
        defer { dir.remove() }
        let path = dir.file("token")
        try AtomicFile.write(Array("secret".utf8), to: path, mode: 0o600)
        try AtomicFile.write(Array("secret2".utf8), to: path, mode: 0o600)
        XCTAssertEqual(try read(path), "secret2")
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o600)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["token"], "no temporary is left")
        XCTAssertNoThrow(try AtomicFile.syncDirectory(of: "relative-name"), "a bare name is in the working directory")
    }
}
