import CrateControlClient
import ArgumentParser
import CrateCore
import CrateWire

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show what is playing (the album, its artist, the crate it came from), the audio output, real-time priority and any problems.")

    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions

    func run() throws {
        try reportingFailures {
            try connection.perform(ControlRequest(cmd: .status)) { reply throws(AdminError) in
                guard let status = reply.status else {
                    throw .unreachable("the daemon's status reply carries no status")
                }
                Output.line(HumanFormat.status(status))
            }
        }
    }
}
