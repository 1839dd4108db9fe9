import CrateCore
import Foundation
import TestSupport
import XCTest

/// `--version` on both programs, as an admin checks what a box runs (and the arm64
/// install test checks the package's binaries against its Version field).
final class VersionFlagTests: XCTestCase {
    func testBothProgramsPrintTheReleaseAndTheMachine() throws {
        #if arch(x86_64)
        let machine = "x86_64"
        #elseif arch(arm64)
        let machine = "aarch64"
        #endif
        for program in ["crated", "crate-admin"] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: try DaemonProcess.executable(program))
            process.arguments = ["--version"]
            let out = Pipe()
            process.standardOutput = out
            try process.run()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, program)
            XCTAssertEqual(text, "\(CrateVersion.number) (\(machine))\n", program)
        }
    }
}
