import ArgumentParser
import CrateCore
import CrateWire

struct SleepCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sleep",
        abstract: "The sleep timer: fade the music out and pause after a while, or at the end of this album.",
        discussion: """
            15m, 30m, 60m (any <N>m from 1 to \(SleepSetting.maxMinutes)): the music fades out over \
            [playback] sleep_fade_seconds (8) and pauses that many minutes from now. end-of-album: \
            the album playing is the last; it fades out in its last seconds and pauses instead of \
            going on to the next album. off: no timer (a fade under way is undone). A new timer \
            replaces the one set. `crate-admin status` and the panel's now-playing screen show \
            what is left; the crate menu's "Sleep timer" rows set the same timer from the knob.
            """)

    @Argument(help: ArgumentHelp("15m, 30m, 60m, <N>m, end-of-album or off.", valueName: "when"))
    var when: String

    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions

    func validate() throws {
        guard SleepSetting(wire: when) != nil else {
            throw ValidationError("unknown sleep time '\(when)': one of \(SleepSetting.accepted)")
        }
    }

    func run() throws {
        try reportingFailures {
            try connection.perform(ControlRequest(cmd: .sleep, sleep: when)) { reply in
                Output.line(reply.status?.sleep.map { "sleep: " + HumanFormat.sleep($0) } ?? "sleep timer off")
            }
        }
    }
}
