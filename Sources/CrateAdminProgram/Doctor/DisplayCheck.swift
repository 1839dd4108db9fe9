import CrateConfig
import CrateCore

/// `display`: the `[display] device` framebuffer exists, is a device node, and the
/// daemon's user may open it; then whether the daemon draws on it.
enum DisplayCheck {
    static let name = "display"

    static func check(config: CrateConfig, configPath: String, daemon: DaemonView?, user: UserIdentity?,
                      system: SystemPaths) -> DoctorResult {
        let fromFiles = files(config.display.device, configPath: configPath, user: user, system: system,
                              restart: daemon != nil)
        guard let status = daemon?.status.display else { return fromFiles }
        if let problem = status.problem {
            return .fail(name, "crated: \(problem)", fix: fromFiles.fix ?? "sudo systemctl restart crated")
        }
        if status.device != config.display.device {
            return .warn(name, "crated draws on \(status.device ?? "no panel"), but the config says "
                         + (config.display.device ?? "no panel"),
                         fix: "sudo systemctl restart crated (it reads the config at start)")
        }
        guard status.device != nil else { return fromFiles }
        let drawing = " · crated draws \(status.width)×\(status.height)\(status.format.map { " " + $0 } ?? ""), \(status.power)"
        if fromFiles.status == .fail {
            return fromFiles.with(status: .warn, note: "— crated has it open now, but would not after a restart")
        }
        var result = fromFiles
        result.detail += drawing
        return result
    }

    static func files(_ device: String?, configPath: String, user: UserIdentity?, system: SystemPaths,
                      restart: Bool) -> DoctorResult {
        guard let device else { return .ok(name, "no panel configured (screens are drawn off-screen only)") }
        let framebuffers = (TextFile.list(system.devDirectory).value ?? [])
            .filter { $0.hasPrefix("fb") && $0.dropFirst(2).allSatisfy(\.isNumber) && $0.count > 2 }
            .map { "/dev/" + $0 }
        let others = framebuffers.isEmpty ? "no framebuffers on this system" : "framebuffers: " + framebuffers.joined(separator: ", ")
        switch FileFacts.of(device) {
        case .failure(let error):
            let fix = framebuffers.isEmpty
                ? "enable the panel's driver (its dtoverlay in /boot/firmware/config.txt) and reboot, "
                    + "or remove [display] device from \(configPath)"
                : "set [display] device in \(configPath) to one of: \(framebuffers.joined(separator: ", ")), or remove it"
            return .fail(name, "\(device): \(error) (\(others))", fix: fix)
        case .success(let facts) where !facts.isCharacterDevice:
            return .fail(name, "\(device) is not a framebuffer device (\(facts.description); \(others))",
                         fix: "set [display] device in \(configPath) to a /dev/fbN device, or remove it")
        case .success:
            break
        }
        guard let user else { return .ok(name, "\(device) present (access not checked: no user)") }
        if let denial = DeviceAccess.check(device, [.read, .write], for: user) {
            return .fail(name, DeviceAccess.explain(denial, for: user),
                         fix: DeviceAccess.fix(denial, for: user, restart: restart, group: "video"))
        }
        return .ok(name, "\(device) open to \(user.name)")
    }
}
