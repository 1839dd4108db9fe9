import ArgumentParser
import CrateConfig

#if canImport(Glibc)
import Glibc
#endif

struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Find out why the box does not play: config, daemon, socket, devices, limits, disk, music.",
        discussion: """
            Prints one line per check — ok, warn or FAIL — with a short detail, and under \
            every warning or failure a one-line fix. Checks: config (parses; a broken line \
            is named), daemon (answers; its pid and user), user (whose access the file checks \
            are for), socket (mode, group crate), audio device, gpio, display, realtime and \
            memlock (the running daemon's limits), disk (state_dir: space, writable), \
            library (each [library] paths folder), plex, mpd (each [mpd] listen address \
            answers with an MPD greeting) and web (crate-web serves the page at [web] listen).

            Access to devices and folders is judged from their owner, group and mode for the \
            daemon's user and groups (the running daemon's, else user crate), not for whoever \
            runs doctor. Run it as root or as a member of group crate. The config is --config, \
            else the file the running daemon was started with, else /etc/crate/crate.toml.

            --json prints a JSON array of {check, status, detail, fix}; status is ok, warn or \
            fail, fix is null for ok.

            Exit status: 0 no check failed (warnings allowed); 1 at least one check failed.
            """)

    @Option(name: .long, help: ArgumentHelp("The daemon's control socket (default: as for every subcommand).",
                                            valueName: "path"))
    var socket: String?

    @Option(name: .long, help: ArgumentHelp("The crate.toml to check.", valueName: "path"))
    var config: String?

    @Flag(name: .long, help: "Print the results as a JSON array, for scripts.")
    var json = false

    @Option(name: .long, help: ArgumentHelp("Check file access for this user (name or uid) instead of the daemon's.",
                                            valueName: "user"))
    var user: String?

    /// Tests point /proc/asound, /dev and /sys at a directory tree that plays other hardware.
    @Option(name: .customLong("system-root"), help: ArgumentHelp(visibility: .hidden))
    var systemRoot: String?

    func run() throws {
        let results = diagnose()
        if json {
            Output.line(DoctorReport.json(results))
        } else {
            Output.line(DoctorReport.human(results, colour: DoctorReport.wantsColour))
        }
        if results.contains(where: { $0.status == .fail }) { throw ExitCode(1) }
    }

    /// Every check, in the order a person would look: can it start, can I talk to it,
    /// can it reach its devices, has it what it needs to run well, has it music.
    func diagnose() -> [DoctorResult] {
        let system = SystemPaths(root: systemRoot ?? "")
        var loaded = LoadedConfig.load(config ?? CrateConfig.defaultPath)
        let socketChoice = DoctorSocket.resolve(flag: socket, configFlag: config, loaded: loaded)
        let probe = DaemonProbe.probe(socket: socketChoice.path)
        let daemon = probe.view
        if config == nil, let daemon, let started = daemon.status.configPath {
            let path = Self.absolute(started, pid: daemon.pid)
            if path != loaded.path { loaded = LoadedConfig.load(path) }
        }
        let owner = DaemonUser.resolve(flag: user, daemon: daemon)
        let identity = owner.identity
        let settings = loaded.config
        let configPath = loaded.path
        var results = [
            ConfigCheck.check(loaded, daemon: daemon, user: identity, chosenByFlag: config != nil),
            DaemonCheck.check(probe, socket: socketChoice.path, note: socketChoice.note),
            owner.result,
            SocketCheck.check(path: socketChoice.path, config: settings, daemon: daemon, configPath: configPath),
        ]
        if loaded.isUsable {
            if settings.snapcast.stream != nil {
                // The card is the local snapclient's; crated does not open it.
                results.append(.ok(AudioDeviceCheck.name, "not used: crated plays into snapserver ([snapcast] stream); "
                                   + "the box's card is its snapclient's"))
            } else {
                results.append(AudioDeviceCheck.check(config: settings, configPath: configPath, daemon: daemon, user: identity,
                                                      system: system))
            }
            results += GPIOCheck.check(config: settings, configPath: configPath, daemon: daemon, user: identity,
                                       system: system)
            results.append(DisplayCheck.check(config: settings, configPath: configPath, daemon: daemon, user: identity,
                                              system: system))
        } else {
            // Checked against the defaults they would mislead: name them as not done.
            results += ["audio device", "gpio", "display"].map(Self.notChecked)
        }
        results += RealtimeCheck.check(config: settings, daemon: daemon)
        if loaded.isUsable {
            results += DiskCheck.check(config: settings, configPath: configPath, daemon: daemon, user: identity)
            results += SourcesCheck.library(config: settings, configPath: configPath, daemon: daemon, user: identity)
            if let watch = LibraryWatchCheck.check(daemon: daemon) { results.append(watch) }
        } else {
            results += ["disk", "library"].map(Self.notChecked)
        }
        results.append(SourcesCheck.plex(config: settings, daemon: daemon))
        results.append(MPDCheck.check(config: settings, configPath: configPath, daemonRunning: daemon != nil))
        results.append(WebCheck.check(config: settings, configPath: configPath))
        results.append(SnapcastCheck.check(config: settings, configPath: configPath, daemon: daemon))
        return results
    }

    static func notChecked(_ check: String) -> DoctorResult {
        .warn(check, "not checked: the config does not parse", fix: "correct the config first (see the config line)")
    }

    /// A config path the daemon was given relative to its own working directory.
    static func absolute(_ path: String, pid: pid_t) -> String {
        guard !path.hasPrefix("/") else { return path }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/\(pid)/cwd", &buffer, buffer.count - 1)
        // Unknown working directory: the path as given, which the config check then reports.
        guard length > 0 else { return path }
        let cwd = String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return cwd + "/" + path
    }
}
