import CrateConfig
import CrateCore

#if canImport(Glibc)
import Glibc
#endif

/// A GPIO character device: `gpiochip0` with its label (`pinctrl-bcm2711`).
struct GPIOChip: Equatable, Sendable {
    var name: String
    var path: String
    var label: String?

    /// `gpiochip0 [pinctrl-bcm2711]`.
    var description: String { name + (label.map { " [\($0)]" } ?? "") }

    /// The chips under /dev, with their labels.
    static func list(_ system: SystemPaths) -> [GPIOChip] {
        let names = (TextFile.list(system.devDirectory).value ?? []).filter { name in
            name.hasPrefix("gpiochip") && !name.dropFirst(8).isEmpty && name.dropFirst(8).allSatisfy(\.isNumber)
        }
        return names.sorted { Int($0.dropFirst(8))! < Int($1.dropFirst(8))! }.map { name in
            let path = system.dev(name)
            return GPIOChip(name: name, path: path, label: label(ofDevice: path) ?? label(inSysfs: name, system))
        }
    }

    /// Finds the chip `[controls] chip` means, as libgpiod's gpiod_chip_open_lookup does:
    /// a number, then a label, then a path under /dev, then a name.
    static func resolve(_ reference: String, in chips: [GPIOChip], system: SystemPaths) -> GPIOChip? {
        if !reference.isEmpty, reference.allSatisfy(\.isNumber) {
            return chips.first { $0.name == "gpiochip" + reference }
        }
        if let byLabel = chips.first(where: { $0.label == reference }) { return byLabel }
        let name = reference.hasPrefix("/dev/") ? String(reference.dropFirst(5)) : reference
        return chips.first { $0.name == name }
    }

    /// GPIO_GET_CHIPINFO_IOCTL on the device (needs read access: doctor usually runs as root).
    private static func label(ofDevice path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        // struct gpiochip_info { char name[32]; char label[32]; __u32 lines; }
        var info = [UInt8](repeating: 0, count: 68)
        let getChipInfo: UInt = 0x8044_B401  // _IOR(0xB4, 0x01, struct gpiochip_info)
        let rc = info.withUnsafeMutableBytes { ioctl(fd, getChipInfo, $0.baseAddress!) }
        guard rc == 0 else { return nil }
        let label = String(decoding: info[32..<64].prefix { $0 != 0 }, as: UTF8.self)
        return label.isEmpty ? nil : label
    }

    /// The legacy sysfs class entry beside the chip's device: `…/gpiochipN/../gpio/gpiochipBASE/label`.
    private static func label(inSysfs name: String, _ system: SystemPaths) -> String? {
        let classDirectory = system.gpioBus + "/" + name + "/../gpio"
        let entries = (TextFile.list(classDirectory).value ?? []).filter { $0.hasPrefix("gpiochip") }
        guard entries.count == 1, let text = TextFile.read(classDirectory + "/" + entries[0] + "/label").value else {
            return nil
        }
        let label = text.trimmingSpaces.split(separator: "\n").first.map(String.init) ?? ""
        return label.isEmpty ? nil : label
    }
}

/// `gpio`: every chip the `[controls]` lines name exists and the daemon's user may open
/// it; then what the daemon says about reading them (a chip missing, a line busy).
enum GPIOCheck {
    static let name = "gpio"

    static func check(config: CrateConfig, configPath: String, daemon: DaemonView?, user: UserIdentity?,
                      system: SystemPaths) -> [DoctorResult] {
        let controls = config.controls
        let lines = controls.buttons.map(\.line) + controls.encoders.flatMap { [$0.a, $0.b] }
        guard !lines.isEmpty else { return [.ok(name, "no buttons configured")] }
        let chips = GPIOChip.list(system)
        var results: [DoctorResult] = []
        var seen: [String] = []
        for line in lines where !seen.contains(line.chip) {
            seen.append(line.chip)
            let users = lines.filter { $0.chip == line.chip }.map(Self.describe).joined(separator: ", ")
            results.append(chip(line.chip, users: users, chips: chips, configPath: configPath, user: user,
                                system: system, restart: daemon != nil))
        }
        guard let status = daemon?.status.controls else { return results }
        switch status.backend {
        case "gpio":
            // Reading now: a file finding can only mean trouble at the next start.
            results = results.map {
                $0.status == .fail ? $0.with(status: .warn, note: "— crated reads it now, but would not after a restart") : $0
            }
            results.append(.ok(name, "crated reads " + status.lines.joined(separator: ", ")))
        case "error":
            let problem = status.problem ?? "the GPIO lines are not read"
            let fix = results.first { $0.status == .fail }?.fix
                ?? (status.lineBusy == true
                    ? "another program holds the line (`gpioinfo` names it): stop it, then sudo systemctl restart crated"
                    : "correct [controls] in \(configPath), then sudo systemctl restart crated")
            results.append(.fail(name, "crated: " + problem, fix: fix))
        default:
            results.append(.warn(name, "crated does not read the GPIO lines (\(status.backend) input only)",
                                 fix: "sudo systemctl restart crated (it reads [controls] at start)"))
        }
        return results
    }

    /// `play=17`, `knob.a=5`.
    static func describe(_ line: CrateConfig.GPIOLine) -> String {
        let function = line.table.hasPrefix("controls.") ? String(line.table.dropFirst(9)) : line.table
        return (line.key == "line" ? function : "\(function).\(line.key)") + "=\(line.line)"
    }

    private static func chip(_ reference: String, users: String, chips: [GPIOChip], configPath: String,
                             user: UserIdentity?, system: SystemPaths, restart: Bool) -> DoctorResult {
        guard let chip = GPIOChip.resolve(reference, in: chips, system: system) else {
            if chips.isEmpty {
                return .fail(name, "\(reference) (\(users)): no GPIO chips on this system",
                             fix: "check the kernel's GPIO driver (`gpiodetect` lists chips), or remove [controls] from \(configPath)")
            }
            let list = chips.map(\.description).joined(separator: ", ")
            return .fail(name, "\(reference) (\(users)): no such GPIO chip (chips: \(list))",
                         fix: "set [controls] chip in \(configPath) to one of: "
                            + chips.map(\.name).joined(separator: ", ") + " (`gpiodetect` lists them)")
        }
        let shown = chip.description + (reference == chip.name || reference == chip.label ? "" : " (as \(reference))")
        guard let user else { return .ok(name, "\(shown) for \(users) (access not checked: no user)") }
        if let denial = DeviceAccess.check(chip.path, [.read, .write], for: user) {
            return .fail(name, "\(shown) for \(users): " + DeviceAccess.explain(denial, for: user),
                         fix: DeviceAccess.fix(denial, for: user, restart: restart, group: "gpio"))
        }
        return .ok(name, "\(shown) for \(users): \(chip.path) open to \(user.name)")
    }
}
