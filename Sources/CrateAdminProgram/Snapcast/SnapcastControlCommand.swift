import CrateControlClient
import ArgumentParser

struct SnapcastControlCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapcast-control",
        abstract: "snapserver's control script for the box's stream (snapserver runs it, not you).",
        discussion: """
            Publishes album, artist, title, position and cover of what crated plays to \
            snapserver, and passes play, pause, next, previous and seek from Snapweb and \
            the snapcast apps to crated. snapserver 0.26 runs it through the wrapper \
            /usr/share/crate/snapcast-control: add \
            &controlscript=/usr/share/crate/snapcast-control to the box's source in \
            snapserver.conf. Speaks JSON-RPC on stdin and stdout; logs to stderr.
            """)

    @Option(help: ArgumentHelp("The snapserver stream id (snapserver passes it).", valueName: "id"))
    var stream: String?

    @Option(name: .customLong("snapcast-port"), help: ArgumentHelp("snapserver's HTTP port (passed by snapserver; unused).",
                                                                   valueName: "port"))
    var snapcastPort: Int?

    @Option(name: .customLong("snapcast-host"), help: ArgumentHelp("snapserver's host (passed by newer snapservers; unused).",
                                                                   valueName: "host"))
    var snapcastHost: String?

    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions

    func run() throws {
        try reportingFailures {
            let bridge = SnapcastBridge(socketPath: try connection.resolveSocket().path)
            do {
                try bridge.run()
            } catch {
                throw AdminError.unreachable("snapcast-control cannot start its crated thread: \(error)")
            }
        }
    }
}
