import CrateCore
import Foundation
import TestSupport
import XCTest

/// `crate-admin doctor` judging access as the daemon's user would: from owner, group and
/// mode of real files, for accounts other than the one running the tests.
extension DoctorTests {
    // MARK: - Access is the daemon user's, from owner, group and mode

    /// Two accounts most systems have, with different primary groups; `chown` needs root.
    func accounts() throws -> (member: (name: String, gid: gid_t), other: String) {
        guard getuid() == 0 else { throw XCTSkip("needs root to give files other owners") }
        // getpwnam returns static storage: take each answer before the next call.
        let daemonGID = getpwnam("daemon")?.pointee.pw_gid
        let nobodyGID = getpwnam("nobody")?.pointee.pw_gid
        guard let daemonGID, let nobodyGID, daemonGID != nobodyGID else {
            throw XCTSkip("needs users daemon and nobody with different groups")
        }
        return (("daemon", daemonGID), "nobody")
    }

    func testFolderAccessFollowsGroupMembership() throws {
        let (member, other) = try accounts()
        XCTAssertEqual(chmod(dir.path, 0o755), 0)
        let music = dir.file("music")
        XCTAssertEqual(mkdir(music, 0o750), 0)
        XCTAssertEqual(chown(music, 0, member.gid), 0)
        XCTAssertEqual(chmod(music, 0o750), 0)
        let locked = dir.file("locked")
        XCTAssertEqual(mkdir(locked, 0o700), 0)
        XCTAssertEqual(mkdir(locked + "/music", 0o755), 0)
        let config = dir.file("crate.toml")
        try """
            state_dir = "\(dir.path)"
            [library]
            paths = ["\(music)", "\(locked)/music"]
            """.write(toFile: config, atomically: true, encoding: .utf8)
        func library(as user: String) throws -> [Finding] {
            let run = try doctor(["--socket", dir.file("none.sock"), "--config", config, "--user", user, "--json"])
            return try run.findings().filter { $0.check == "library" }
        }

        let granted = try library(as: member.name)
        XCTAssertEqual(granted.count, 2)
        XCTAssertEqual(granted[0].status, "ok", "group \(member.gid) may read and enter: \(granted[0])")
        XCTAssertTrue(granted[0].detail.contains("readable by \(member.name)"), granted[0].detail)
        XCTAssertEqual(granted[1].status, "fail", "a parent only root may enter: \(granted[1])")
        XCTAssertTrue(granted[1].detail.contains("cannot enter \(locked)"), granted[1].detail)
        XCTAssertTrue(granted[1].fix?.contains("chmod g+x \(locked)") == true, "\(granted[1])")

        let refused = try library(as: other)
        XCTAssertEqual(refused[0].status, "fail", "not in the group, and others get nothing: \(refused[0])")
        XCTAssertTrue(refused[0].detail.contains("\(other) cannot read+search \(music)"), refused[0].detail)
        XCTAssertTrue(refused[0].detail.contains("drwxr-x---"), refused[0].detail)
        XCTAssertEqual(refused[0].fix, "sudo usermod -aG \(groupName(member.gid)) \(other)")
    }

    func testSoundDeviceAccessAndAMissingCard() throws {
        let (member, other) = try accounts()
        XCTAssertEqual(chmod(dir.path, 0o755), 0)
        // A box with a loopback card and an HDMI output, as /proc/asound and /dev/snd show it.
        let root = dir.file("root")
        try FileManager.default.createDirectory(atPath: root + "/proc/asound", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/dev/snd", withIntermediateDirectories: true)
        try """
             0 [Loopback       ]: Loopback - Loopback
                                  Loopback 1
             1 [vc4hdmi0       ]: vc4-hdmi - vc4-hdmi-0
                                  vc4-hdmi-0

            """.write(toFile: root + "/proc/asound/cards", atomically: true, encoding: .utf8)
        for node in ["pcmC0D0p", "pcmC0D1p", "pcmC0D0c", "controlC0", "pcmC1D0p", "controlC1"] {
            let path = root + "/dev/snd/" + node
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
            XCTAssertEqual(chown(path, 0, member.gid), 0)
            XCTAssertEqual(chmod(path, 0o660), 0)
        }
        // The owner class alone applies to the owner: group rw does not help it.
        XCTAssertEqual(chown(root + "/dev/snd/pcmC1D0p", getpwnam(member.name)!.pointee.pw_uid, member.gid), 0)
        XCTAssertEqual(chmod(root + "/dev/snd/pcmC1D0p", 0o060), 0)
        let config = dir.file("crate.toml")
        func audio(_ device: String, as user: String) throws -> Finding {
            try "[audio]\ndevice = \"\(device)\"\n".write(toFile: config, atomically: true, encoding: .utf8)
            let run = try doctor(["--socket", dir.file("none.sock"), "--config", config, "--user", user,
                                  "--system-root", root, "--json"])
            return try only("audio device", in: try run.findings())
        }

        let loopback = try audio("hw:Loopback,0,0", as: member.name)
        XCTAssertEqual(loopback.status, "ok", "\(loopback)")
        XCTAssertTrue(loopback.detail.contains("card 0 Loopback"), loopback.detail)

        let stranger = try audio("plughw:CARD=Loopback,DEV=1", as: other)
        XCTAssertEqual(stranger.status, "fail", "\(stranger)")
        XCTAssertTrue(stranger.detail.contains("\(other) cannot read+write \(root)/dev/snd/pcmC0D1p"), stranger.detail)
        XCTAssertEqual(stranger.fix, "sudo usermod -aG \(groupName(member.gid)) \(other)")

        let owner = try audio("hw:1,0", as: member.name)
        XCTAssertEqual(owner.status, "fail", "\(owner)")
        XCTAssertTrue(owner.fix?.hasPrefix("sudo chmod u+rw \(root)/dev/snd/pcmC1D0p") == true, "\(owner)")

        let missing = try audio("hw:2,0", as: member.name)
        XCTAssertEqual(missing.status, "fail")
        XCTAssertTrue(missing.detail.contains("no sound card 2 (cards: 0 Loopback, 1 vc4hdmi0)"), missing.detail)
        XCTAssertEqual(missing.fix, "set [audio] device in \(config) to one of: hw:Loopback,0, hw:Loopback,1, "
                       + "hw:vc4hdmi0,0 (see `aplay -l`)")

        let noDevice = try audio("hw:Loopback,5", as: member.name)
        XCTAssertTrue(noDevice.detail.contains("pcmC0D5p: No such file or directory (card 0 has playback devices 0, 1)"),
                      noDevice.detail)
    }

    func testGPIOChipsByLabelAndMissing() throws {
        let root = dir.file("root")
        try FileManager.default.createDirectory(atPath: root + "/dev", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/sys/bus/gpio/devices/gpiochip0",
                                                withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/sys/bus/gpio/devices/gpio/gpiochip512",
                                                withIntermediateDirectories: true)
        try "pinctrl-bcm2711\n".write(toFile: root + "/sys/bus/gpio/devices/gpio/gpiochip512/label",
                                      atomically: true, encoding: .utf8)
        XCTAssertTrue(FileManager.default.createFile(atPath: root + "/dev/gpiochip0", contents: nil))
        let config = dir.file("crate.toml")
        try """
            [controls]
            chip = "pinctrl-bcm2711"
            [controls.play]
            line = 17
            [controls.knob]
            chip = "gpiochip7"
            a = 5
            b = 6
            """.write(toFile: config, atomically: true, encoding: .utf8)
        let run = try doctor(["--socket", dir.file("none.sock"), "--config", config, "--user", "root",
                              "--system-root", root, "--json"])
        let gpio = try run.findings().filter { $0.check == "gpio" }
        XCTAssertEqual(gpio.count, 2, "\(gpio)")
        XCTAssertEqual(gpio[0].status, "ok", "\(gpio[0])")
        XCTAssertTrue(gpio[0].detail.hasPrefix("gpiochip0 [pinctrl-bcm2711] for play=17"), gpio[0].detail)
        XCTAssertEqual(gpio[1].status, "fail")
        XCTAssertTrue(gpio[1].detail.contains("gpiochip7 (knob.a=5, knob.b=6): no such GPIO chip"), gpio[1].detail)
        XCTAssertTrue(gpio[1].fix?.contains("to one of: gpiochip0") == true, "\(gpio[1])")
    }

    func groupName(_ gid: gid_t) -> String {
        guard let group = getgrgid(gid) else { return String(gid) }
        return String(cString: group.pointee.gr_name)
    }
}
