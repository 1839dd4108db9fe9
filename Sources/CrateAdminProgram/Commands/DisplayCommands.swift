import CrateControlClient
import ArgumentParser
import CrateCore
import CratePosix
import CrateWire
import FoundationEssentials
import Glibc

struct DisplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "display", abstract: "The status display: a PNG snapshot of what it shows, or how it is doing.",
        subcommands: [DisplaySnapshotCommand.self, DisplayStatusCommand.self],
        defaultSubcommand: DisplayStatusCommand.self)
}

struct DisplaySnapshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Save a PNG of exactly what the panel shows (the off-screen display when there is no panel).")
    @Argument(help: "The PNG file to write.") var file: String
    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions

    func run() throws {
        try reportingFailures {
            try connection.perform(ControlRequest(cmd: .displaySnapshot)) { reply throws(AdminError) in
                guard let text = reply.snapshot, let png = Data(base64Encoded: text) else {
                    throw .unreachable("the daemon sent no picture")
                }
                try write(png, to: file)
                Output.line("\(file): \(png.count) bytes")
            }
        }
    }

    /// Written whole or not at all.
    private func write(_ data: Data, to path: String) throws(AdminError) {
        do {
            try AtomicFile.write([UInt8](data), to: path)
        } catch {
            throw .refused("\(error)")
        }
    }
}

struct DisplayStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "status", abstract: "The panel, its size and format, and any problem.")
    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions

    func run() throws {
        try reportingFailures {
            try connection.perform(ControlRequest(cmd: .status)) { reply throws(AdminError) in
                guard let display = reply.status?.display else { throw .refused("this daemon has no display") }
                Output.line(HumanFormat.display(display))
                if let problem = display.problem { Output.line("problem: \(problem)") }
            }
        }
    }
}
