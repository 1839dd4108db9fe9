import CrateControlClient
import ArgumentParser
import CrateCore
import CrateWire

struct QueueCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "queue", abstract: "What plays now and next; add albums to play next or later.",
        subcommands: [QueueShowCommand.self, QueueAddCommand.self, QueueNextCommand.self],
        defaultSubcommand: QueueShowCommand.self)
}

struct QueueShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "The album playing, the queue, then the crate's next albums.")
    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions

    func run() throws {
        try reportingFailures {
            try connection.perform(ControlRequest(cmd: .queue)) { reply throws(AdminError) in
                if let queue = reply.queue { Output.line(QueueFormat.queue(queue)) }
            }
        }
    }
}

struct QueueAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Queue an album after those already queued.")
    @Option(help: "The album's id.") var album: Int64
    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions

    func run() throws {
        try reportingFailures {
            try connection.perform(ControlRequest(cmd: .queueAdd, album: album)) { reply throws(AdminError) in
                if let queue = reply.queue { Output.line(QueueFormat.queue(queue)) }
            }
        }
    }
}

struct QueueNextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "next", abstract: "Queue an album to play right after this one.")
    @Option(help: "The album's id.") var album: Int64
    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions

    func run() throws {
        try reportingFailures {
            try connection.perform(ControlRequest(cmd: .queueNext, album: album)) { reply throws(AdminError) in
                if let queue = reply.queue { Output.line(QueueFormat.queue(queue)) }
            }
        }
    }
}

struct NextAlbumCommand: SimpleRequestCommand {
    static let configuration = CommandConfiguration(commandName: "next-album", abstract: "Skip to the next album of the queue or crate.")
    static let request = ControlCommand.nextAlbum
    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions
}

struct PrevAlbumCommand: SimpleRequestCommand {
    static let configuration = CommandConfiguration(
        commandName: "prev-album", abstract: "Back to the previous album (or the start of this one when into it).")
    static let request = ControlCommand.prevAlbum
    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions
}

struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "history", abstract: "Albums played, latest first, with play counts.")
    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions

    func run() throws {
        try reportingFailures {
            try connection.perform(ControlRequest(cmd: .history)) { reply throws(AdminError) in
                Output.line(QueueFormat.history(reply.history ?? []))
            }
        }
    }
}

struct DiagnosticsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diagnostics", abstract: "Crate weights and counts per signal, redistribution, queue and library state, the CDs wallet's last refresh.")
    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions

    func run() throws {
        try reportingFailures {
            try connection.perform(ControlRequest(cmd: .diagnostics)) { reply throws(AdminError) in
                Output.line(QueueFormat.diagnostics(reply))
            }
        }
    }
}
