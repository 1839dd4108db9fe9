import ArgumentParser
import CrateCore
import CrateWire

/// A subcommand that sends one argument-less request and shows the outcome.
protocol SimpleRequestCommand: ParsableCommand {
    static var request: ControlCommand { get }
    var connection: ConnectionOptions { get }
}

extension SimpleRequestCommand {
    func run() throws {
        try reportingFailures {
            try connection.perform(ControlRequest(cmd: Self.request)) { reply in
                Output.line(reply.status.map { HumanFormat.summary($0.player) } ?? "ok")
            }
        }
    }
}

struct PauseCommand: SimpleRequestCommand {
    static let configuration = CommandConfiguration(commandName: "pause", abstract: "Pause playback (keeps the position).")
    static let request = ControlCommand.pause
    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions
}

struct ResumeCommand: SimpleRequestCommand {
    static let configuration = CommandConfiguration(commandName: "resume", abstract: "Resume paused playback; after a stop, the stopped album from the start of its track.")
    static let request = ControlCommand.resume
    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions
}

struct ToggleCommand: SimpleRequestCommand {
    static let configuration = CommandConfiguration(
        commandName: "toggle",
        abstract: "Pause if playing, resume if paused, after a stop take the album up again (the play/pause button).")
    static let request = ControlCommand.toggle
    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions
}

struct NextCommand: SimpleRequestCommand {
    static let configuration = CommandConfiguration(commandName: "next", abstract: "Skip to the next track (on an album's last track: the album that would follow).")
    static let request = ControlCommand.next
    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions
}

struct PrevCommand: SimpleRequestCommand {
    static let configuration = CommandConfiguration(
        commandName: "prev", abstract: "Go back: restart the track if it is a few seconds in, else the previous track.")
    static let request = ControlCommand.prev
    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions
}

struct StopCommand: SimpleRequestCommand {
    static let configuration = CommandConfiguration(
        commandName: "stop", abstract: "Stop playback; toggle, resume or play take the album up again at the start of its track.")
    static let request = ControlCommand.stop
    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions
}

struct PingCommand: SimpleRequestCommand {
    static let configuration = CommandConfiguration(
        commandName: "ping", abstract: "Check that the daemon answers on its control socket.")
    static let request = ControlCommand.ping
    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions
}
