import CrateConfig
import CrateCore

/// `audio device`: the configured output exists and the daemon's user may open it, read
/// from /proc/asound and /dev/snd; then what the daemon says about the output it has,
/// which decides a failure.
enum AudioDeviceCheck {
    static let name = "audio device"

    /// What the sound hardware looks like: read once, used by the checks and their fixes.
    struct Hardware: Sendable {
        var cards: [SoundCard]
        var playback: [PlaybackNode]
        /// False without /proc/asound/cards: no ALSA driver is loaded at all.
        var hasALSA: Bool
        var system: SystemPaths

        static func read(_ system: SystemPaths) -> Hardware {
            let cardsText = TextFile.read(system.asoundCards).value
            // No /dev/snd is "no playback devices", which the findings then say.
            let nodes = TextFile.list(system.sndDirectory).value ?? []
            return Hardware(cards: cardsText.map(SoundCard.parse) ?? [], playback: PlaybackNode.parse(nodes),
                            hasALSA: cardsText != nil, system: system)
        }

        /// `hw:Loopback,0, hw:Loopback,1`: what `[audio] device` could say.
        var suggestions: [String] {
            playback.map { node in
                let card = cards.first { $0.index == node.card }
                return "hw:\(card?.id ?? String(node.card)),\(node.device)"
            }
        }

        var cardList: String {
            hasALSA ? "cards: " + SoundCard.list(cards) : "no /proc/asound: no sound driver is loaded"
        }
    }

    static func check(config: CrateConfig, configPath: String, daemon: DaemonView?, user: UserIdentity?,
                      system: SystemPaths) -> DoctorResult {
        let hardware = Hardware.read(system)
        let configured = config.audio.device
        let fromFiles = files(ALSATarget.parse(configured), configured: configured, configPath: configPath,
                              hardware: hardware, user: user, restart: daemon != nil)
        guard let daemon else { return fromFiles }
        return merge(fromFiles, daemon: daemon.status.player.output, configured: configured,
                     fix: chooseFix(configPath, hardware))
    }

    static func chooseFix(_ configPath: String, _ hardware: Hardware) -> String {
        let names = hardware.suggestions
        guard !names.isEmpty else {
            return "connect or enable a sound card (for a HAT: its dtoverlay in /boot/firmware/config.txt), "
                + "then `aplay -l` lists it"
        }
        return "set [audio] device in \(configPath) to one of: \(names.prefix(6).joined(separator: ", ")) (see `aplay -l`)"
    }

    /// What the device nodes say, for the daemon's user.
    static func files(_ target: ALSATarget, configured: String?, configPath: String, hardware: Hardware,
                      user: UserIdentity?, restart: Bool) -> DoctorResult {
        let fix = chooseFix(configPath, hardware)
        let shown = configured ?? "not set (default)"
        switch target {
        case .null:
            return .warn(name, "null: the sound is discarded, as configured", fix: fix)
        case .file(let path):
            guard let path else { return .warn(name, "\(shown): no FILE= to write to", fix: fix) }
            if let user {
                let exists = FileFacts.of(path).isSuccess
                let denial = exists ? DeviceAccess.check(path, .write, for: user)
                    : DeviceAccess.check(HumanFormat.folder(path), [.write, .search], for: user)
                if let denial {
                    return .fail(name, "\(shown): " + DeviceAccess.explain(denial, for: user),
                                 fix: DeviceAccess.fix(denial, for: user, restart: restart))
                }
            }
            return .warn(name, "file: the sound is written to \(path), not played", fix: fix)
        case .other(let other):
            return .warn(name, "\(other): a name from ALSA's configuration, which doctor cannot follow without crated",
                         fix: "start crated (sudo systemctl start crated) and run doctor again, or try: aplay -D \(other) FILE.wav")
        case .unset, .systemDefault:
            guard let first = hardware.cards.first(where: { $0.index == 0 }) ?? hardware.cards.first else {
                let what = target == .unset ? "no sound card: crated plays to a null sink, nothing is heard"
                    : "default: no sound card"
                return .fail(name, "\(what) (\(hardware.cardList))", fix: fix)
            }
            let note = FileFacts.of("/etc/asound.conf").isSuccess ? " unless /etc/asound.conf says otherwise" : ""
            return nodes(card: first, device: 0, label: "\(shown) → card \(first.index) \(first.id)\(note)",
                         hardware: hardware, user: user, restart: restart, fix: fix)
        case .card(_, let reference, let device):
            guard let card = SoundCard.find(reference, in: hardware.cards) else {
                return .fail(name, "\(shown): no sound card \(reference) (\(hardware.cardList))", fix: fix)
            }
            return nodes(card: card, device: device, label: "\(shown) → card \(card.index) \(card.id)",
                         hardware: hardware, user: user, restart: restart, fix: fix)
        }
    }

    /// The card's playback node for `device` and its control node exist and are open to `user`.
    private static func nodes(card: SoundCard, device: Int, label: String, hardware: Hardware, user: UserIdentity?,
                              restart: Bool, fix: String) -> DoctorResult {
        let pcm = hardware.system.sndDirectory + "/" + PlaybackNode.pcmName(card: card.index, device: device)
        let control = hardware.system.sndDirectory + "/" + PlaybackNode.controlName(card: card.index)
        for node in [pcm, control] {
            switch FileFacts.of(node) {
            case .failure(let error):
                let devices = hardware.playback.filter { $0.card == card.index }.map { String($0.device) }
                let has = devices.isEmpty ? "no playback devices" : "playback devices " + devices.joined(separator: ", ")
                return .fail(name, "\(label): \(node): \(error) (card \(card.index) has \(has))", fix: fix)
            case .success:
                continue
            }
        }
        guard let user else { return .ok(name, "\(label), \(pcm) present (access not checked: no user)") }
        for node in [pcm, control] {
            if let denial = DeviceAccess.check(node, [.read, .write], for: user) {
                return .fail(name, "\(label): " + DeviceAccess.explain(denial, for: user),
                             fix: DeviceAccess.fix(denial, for: user, restart: restart, group: "audio"))
            }
        }
        return .ok(name, "\(label): \(pcm) and \(PlaybackNode.controlName(card: card.index)) open to \(user.name)")
    }

    /// The daemon's view wins for a failure: it tried to open the device.
    static func merge(_ files: DoctorResult, daemon output: OutputStatus, configured: String?,
                      fix: String) -> DoctorResult {
        if output.isFallback {
            let why = output.message.map { " (\($0))" } ?? ""
            return .fail(name, "crated found no sound card and plays to a null sink, nothing is heard\(why)",
                         fix: files.fix ?? fix)
        }
        if output.waitingForDevice == true, let message = output.message {
            // Retried every two seconds: switching the DAC on is the fix, not a restart.
            var detail = "crated is waiting for the DAC \(output.device) (\(message))"
            if files.status != .ok { detail += "; \(files.detail)" }
            return .fail(name, detail, fix: "switch the DAC on or plug it in: crated picks it up by itself; "
                + "if it is on, " + (files.fix ?? fix))
        }
        if let message = output.message {
            var detail = "crated cannot open \(output.device): \(message)"
            if files.status != .ok { detail += "; \(files.detail)" }
            return .fail(name, detail, fix: files.fix ?? fix)
        }
        let wanted = configured ?? "default"
        if output.device != wanted {
            return .warn(name, "crated plays to \(output.device), but the config says \(wanted)",
                         fix: "sudo systemctl restart crated (it reads the config at start)")
        }
        let format = HumanFormat.format(rate: output.sampleRate, channels: output.channels)
            .map { " (\($0)\(output.sampleFormat.map { " " + $0 } ?? ""))" } ?? ""
        switch files.status {
        case .fail:
            return files.with(status: .warn, note: "— crated has it open now, but could not open it again after a restart")
        case .warn where ALSATarget.parse(configured).isOther:
            return .ok(name, "crated has \(output.device) open\(format)")
        case .warn, .ok:
            var result = files
            result.detail += "; crated has it open\(format)"
            return result
        }
    }
}

extension ALSATarget {
    var isOther: Bool {
        if case .other = self { return true }
        return false
    }
}

extension Result {
    var isSuccess: Bool { value != nil }

    /// The value, the error dropped: for callers that report the absence themselves.
    var value: Success? {
        if case .success(let value) = self { return value }
        return nil
    }
}
