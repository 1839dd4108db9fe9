import CrateCore
import CrateWire
import Foundation

/// A real `crated` started from the build folder with a config written for the test,
/// talked to over its real control socket.
public final class DaemonProcess {
    public let dir: String
    public let socket: String
    public let capture: String
    public let configPath: String
    public let process = Process()
    public let logPath: String

    /// The folder holding the built executables (`swift build` puts crate beside the tests).
    public static var productsDir: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
    }

    /// The program `name` (crated, crate-admin, crate-web) as the package ships it: a link
    /// of that name to the one executable, `crate`, made here beside it (as
    /// deploy/program-links.sh does) so every test goes through the choice by name.
    public static func executable(_ name: String) throws -> String {
        let binary = productsDir + "/crate"
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw FixtureError("\(binary) not built: run `swift build` before `swift test`")
        }
        let link = productsDir + "/" + name
        // Not a link yet (or still a separate binary of an older build): none to read.
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) != "crate" {
            // Made aside and renamed over the old one: atomic, whoever else makes it meanwhile.
            let made = link + ".\(getpid())"
            unlink(made)
            guard symlink("crate", made) == 0, rename(made, link) == 0 else {
                throw FixtureError("cannot link \(link) to crate: \(String(cString: strerror(errno)))")
            }
        }
        return link
    }

    /// Starts crated writing into `capture.raw` through ALSA's `file` PCM, paced by the clock
    /// so playback takes real time and transport commands land mid-track.
    /// `device` nil leaves `[audio] device` unset (the no-card fallback path); `launcher`
    /// runs crated through another program (e.g. setpriv to drop capabilities).
    public init(dir: String, device: String? = "", extraAudio: String = "pacing = \"clock\"",
                launcher: [String] = [], libraryPaths: [String] = [], extraConfig: String = "",
                controlConfig: String = "", libraryConfig: String = "", environment: [String: String] = [:]) throws {
        self.dir = dir
        socket = dir + "/crate.sock"
        capture = dir + "/capture.raw"
        configPath = dir + "/crate.toml"
        logPath = dir + "/crated.log"
        let deviceLine = switch device {
        case nil: ""
        case ""?: "device = \"file:FILE=\(capture),FORMAT=raw\""
        case let name?: "device = \"\(name)\""
        }
        let config = """
            state_dir = "\(dir)/state"
            [control]
            socket = "\(socket)"
            \(controlConfig)
            [audio]
            \(deviceLine)
            period_frames = 1024
            periods = 4
            \(extraAudio)
            [library]
            paths = [\(libraryPaths.map { "\"\($0)\"" }.joined(separator: ", "))]
            \(libraryConfig)
            [log]
            level = "debug"
            \(extraConfig)
            """
        try config.write(toFile: configPath, atomically: true, encoding: .utf8)
        let crated = try Self.executable("crated")
        process.executableURL = URL(fileURLWithPath: launcher.first ?? crated)
        process.arguments = Array(launcher.dropFirst()) + (launcher.isEmpty ? [] : [crated]) + ["--config", configPath]
        FileManager.default.createFile(atPath: logPath, contents: nil)
        let log = FileHandle(forWritingAtPath: logPath)
        process.standardError = log
        process.standardOutput = log
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        try process.run()
        // Ready means answering on the socket; tests may then use any client, even a CLI.
        try connect().close()
    }

    /// A client connected once the socket answers.
    public func connect() throws -> SocketClient {
        try SocketClient.connect(path: socket, retryingFor: 10)
    }

    /// One request on a fresh connection.
    public func request(_ cmd: ControlCommand, paths: [String]? = nil, seconds: Double? = nil) throws -> ControlReply {
        let client = try connect()
        defer { client.close() }
        return try client.request(ControlRequest(cmd: cmd, paths: paths, seconds: seconds))
    }

    /// Waits until the scan crated starts at start-up has finished (the library is in).
    public func waitForStartupScan(timeout: Double = 20) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while try request(.libraryStats).library?.lastScan?.completed != true {
            guard Date() < deadline else { throw FixtureError("the start-up scan did not finish") }
            usleep(20_000)
        }
    }

    public func status() throws -> DaemonStatus {
        guard let status = try request(.status).status else { throw FixtureError("status reply without status") }
        return status
    }

    /// Polls status until `condition` holds.
    @discardableResult
    public func waitFor(_ what: String, timeout: Double = 20, _ condition: (PlayerStatus) -> Bool) throws -> PlayerStatus {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let player = try status().player
            if condition(player) { return player }
            if Date() > deadline { throw FixtureError("timed out waiting for \(what); last status: \(player)") }
            usleep(10_000)
        }
    }

    /// Kills the daemon without warning, as a power cut would.
    public func kill9() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// Stops the daemon (SIGTERM) and waits, so the capture file is complete.
    public func stop() -> Int32 {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        return process.terminationStatus
    }

    public var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }  // no log yet: empty

    deinit { _ = stop() }
}
