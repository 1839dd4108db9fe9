import CrateCore
import Foundation
import TestSupport
import XCTest

/// `crate-admin doctor` with `[snapcast]` on, against the real snapserver: what answers,
/// whether the box's source is there at crated's format, and who plays it.
final class DoctorSnapcastTests: XCTestCase {
    var dir: TemporaryDirectory!

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "doctorsnap") }
    override func tearDown() { dir?.remove() }

    func snapcastFinding(_ config: String) throws -> (DoctorTests.Finding, [DoctorTests.Finding]) {
        try "state_dir = \"\(dir.path)/state\"\n\(config)".write(toFile: dir.file("crate.toml"), atomically: true, encoding: .utf8)
        let run = try AdminProcess.run(["doctor", "--socket", dir.file("none.sock"), "--config", dir.file("crate.toml"), "--json"])
        let findings = try JSONDecoder().decode([DoctorTests.Finding].self, from: Data(run.out.utf8))
        let snapcast = try XCTUnwrap(findings.first { $0.check == "snapcast" }, run.out)
        return (snapcast, findings)
    }

    func testSnapserverItsSourceAndItsRoomsAreReported() throws {
        let (off, _) = try snapcastFinding("")
        XCTAssertEqual(off.status, "ok")
        XCTAssertEqual(off.detail, "off ([snapcast] stream is unset)")

        let ports = try FreePorts.take(4)
        let (down, _) = try snapcastFinding("[snapcast]\nstream = \"tcp://127.0.0.1:\(ports[0])\"\ncontrol = \"127.0.0.1:\(ports[2])\"\n")
        XCTAssertEqual(down.status, "warn", "\(down)")
        XCTAssertTrue(down.detail.contains("127.0.0.1:\(ports[2])") && down.detail.contains("refused"), down.detail)
        XCTAssertTrue(down.fix?.contains("systemctl start snapserver") == true, "\(down)")

        let rig = try SnapcastRig(dir: dir.file("snap"), ports: Array(ports.prefix(3)))
        try rig.startRoom("kitchen")
        let (up, findings) = try snapcastFinding(rig.crateConfig)
        XCTAssertEqual(up.status, "ok", "\(up)")
        XCTAssertTrue(up.detail.contains("44100:16:2") && up.detail.contains("rooms playing it: kitchen"), up.detail)
        let audio = try XCTUnwrap(findings.first { $0.check == "audio device" })
        XCTAssertEqual(audio.status, "ok", "the card is snapclient's: \(audio)")
        XCTAssertTrue(audio.detail.hasPrefix("not used"), audio.detail)

        let (mismatch, _) = try snapcastFinding(rig.crateConfig.replacingOccurrences(of: "44100:16:2", with: "48000:24:2"))
        XCTAssertEqual(mismatch.status, "fail", "\(mismatch)")
        XCTAssertTrue(mismatch.detail.contains("44100:16:2") && mismatch.detail.contains("48000:24:2"), mismatch.detail)

        let (elsewhere, _) = try snapcastFinding("[snapcast]\nstream = \"tcp://127.0.0.1:\(ports[3])\"\ncontrol = \"127.0.0.1:\(ports[2])\"\n")
        XCTAssertEqual(elsewhere.status, "fail", "\(elsewhere)")
        XCTAssertTrue(elsewhere.fix?.contains("source = tcp://127.0.0.1:\(ports[3])?name=Crate&mode=server") == true, "\(elsewhere)")
    }
}
