import Foundation
import TestSupport
import XCTest

/// crated, crate-admin and crate-web are one executable (`crate`), run through links of
/// their names as the package installs them: the name alone says which program runs.
final class OneExecutableTests: XCTestCase {
    func testEachNameRunsItsOwnProgram() throws {
        let overviews = [
            "crated": "OVERVIEW: The Crate album player daemon.",
            "crate-admin": "OVERVIEW: Control and inspect the Crate album player",
            "crate-web": "OVERVIEW: Serve the Crate web page",
        ]
        for (name, overview) in overviews {
            let run = try ProgramRun.run(try DaemonProcess.executable(name), ["--help"])
            XCTAssertEqual(run.code, 0, name)
            XCTAssertTrue(run.out.hasPrefix(overview), "\(name) --help began: \(run.out.prefix(80))")
        }
    }

    func testCalledCrateTheFirstArgumentNamesTheProgram() throws {
        let crate = DaemonProcess.productsDir + "/crate"
        let web = try ProgramRun.run(crate, ["crate-web", "--help"])
        XCTAssertEqual(web.code, 0)
        XCTAssertTrue(web.out.hasPrefix("OVERVIEW: Serve the Crate web page"), web.out)
        let none = try ProgramRun.run(crate, [])
        XCTAssertEqual(none.code, 64, "no program named is bad usage")
        XCTAssertTrue(none.err.contains("no program named"), none.err)
        let wrong = try ProgramRun.run(crate, ["crate-wall"])
        XCTAssertEqual(wrong.code, 64)
        XCTAssertTrue(wrong.err.contains("no program called 'crate-wall'"), wrong.err)
    }

    func testAnUnknownNamePrintsTheUsageAndExits64() throws {
        _ = try DaemonProcess.executable("crated")  // fails clearly when nothing is built
        let dir = try AudioFixtures.temporaryDirectory("one-executable")
        defer { try? FileManager.default.removeItem(atPath: dir) }  // a leftover in /tmp harms nothing
        let link = dir + "/crate-daemon"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: DaemonProcess.productsDir + "/crate")
        let run = try ProgramRun.run(link, ["--help"])
        XCTAssertEqual(run.code, 64)
        XCTAssertEqual(run.out, "", "nothing on stdout: no program ran")
        XCTAssertTrue(run.err.hasPrefix("crate: run as 'crate-daemon', which names none of its programs\n"), run.err)
        for name in ["crated [OPTIONS]", "crate-admin COMMAND", "crate-web [OPTIONS]", "crate PROGRAM"] {
            XCTAssertTrue(run.err.contains(name), "the usage names \(name): \(run.err)")
        }
    }
}
