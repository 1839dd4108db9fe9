import CrateControlClient
import ArgumentParser
import CrateCore
import CrateWire

struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Print playback events as they happen, until the daemon goes away or Ctrl-C.",
        discussion: """
            The first line is the current state. With --json, the subscribe reply and then \
            every event are printed exactly as the daemon sends them, one JSON object per line.
            """)

    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions

    func run() throws {
        try watchEvents(connection, banner: nil) { HumanFormat.event($0) }
    }
}

/// Subscribes and prints events until the daemon goes away: `format` gives the line for
/// an event (nil = not shown). The first line is the current state, or `banner`.
func watchEvents(_ connection: ConnectionOptions, banner: String?,
                 format: (DaemonEvent) -> String?) throws {
    try reportingFailures {
        let client = try connection.connect()
        let (reply, raw) = try client.roundTrip(ControlRequest(cmd: .subscribe))
        if connection.json { Output.line(raw) }
        guard reply.ok else {
            throw AdminError.refused(reply.error ?? "the daemon refused to send events without saying why")
        }
        if !connection.json {
            if let banner {
                Output.line(banner)
            } else if let status = reply.status {
                Output.line(HumanFormat.clock() + " " + "now".padded(to: 8) + " " + HumanFormat.summary(status.player))
            }
        }
        // Silence is normal while watching: nothing may happen for hours.
        client.setReplyTimeout(seconds: 0)
        while let line = try client.readLine() {
            if connection.json {
                Output.line(line)
            } else if let event = try? client.decode(DaemonEvent.self, from: line) {  // unknown kinds: below
                if let text = format(event) { Output.line(text) }
            } else if banner == nil {
                // A newer daemon may send event kinds this crate-admin does not know; keep watching.
                Output.line(HumanFormat.clock() + " " + "?".padded(to: 8) + " " + String(line.prefix(160)))
            }
        }
        Output.error("the daemon closed the connection (stopped or restarting)")
    }
}
