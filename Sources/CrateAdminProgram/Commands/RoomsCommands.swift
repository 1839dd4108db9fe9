import CrateControlClient
import ArgumentParser
import CrateConfig
import CrateCore
import CrateSnapcast
import FoundationEssentials

struct RoomsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rooms",
        abstract: "List the snapcast rooms, set their volume, mute them, join or leave the box's stream.",
        discussion: """
            Talks to snapserver's JSON-RPC (TCP) at [snapcast] control of --config (else \
            /etc/crate/crate.toml), else the [snapcast] stream's host on port 1705; --server \
            overrides both. The box's stream is the snapserver tcp source on [snapcast] \
            stream's port. A room is a snapclient, named by its name in snapserver or its \
            host id. Exit status: 1 snapserver refused, or no such room or stream; 2 \
            snapserver cannot be reached or answered garbage.
            """,
        subcommands: [RoomsListCommand.self, RoomsVolumeCommand.self, RoomsMuteCommand.self, RoomsUnmuteCommand.self,
                      RoomsJoinCommand.self, RoomsLeaveCommand.self],
        defaultSubcommand: RoomsListCommand.self)
}

/// Where snapserver is, from --server or the config; the options every rooms command takes.
struct SnapcastOptions: ParsableArguments {
    @Option(help: ArgumentHelp("snapserver's JSON-RPC address, instead of the config's.", valueName: "host:port"))
    var server: String?

    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions

    /// The `[snapcast]` section of --config, else of /etc/crate/crate.toml.
    func settings() throws(AdminError) -> CrateConfig.Snapcast {
        let path = connection.config ?? CrateConfig.defaultPath
        do throws(ConfigError) {
            return try CrateConfig.load(path: path).snapcast
        } catch where connection.config == nil && error.isMissingFile && server != nil {
            return CrateConfig.Snapcast()
        } catch {
            throw .unreachable("cannot read the [snapcast] settings from \(path): \(error)")
        }
    }

    /// Connects to snapserver and reads its rooms.
    func open() throws(AdminError) -> (SnapserverConnection, RoomDirectory, CrateConfig.Snapcast) {
        let snapcast = try settings()
        let address: CrateConfig.HostPort
        if let server {
            guard let parsed = CrateConfig.HostPort.parse(server) else {
                throw AdminError(message: "--server wants host:port, like 127.0.0.1:1705; got '\(server)'", exitCode: 64)
            }
            address = parsed
        } else if let configured = snapcast.controlAddress {
            address = configured
        } else {
            throw .refused("multi-room is off: [snapcast] stream is not set in \(connection.config ?? CrateConfig.defaultPath) "
                           + "(or give --server host:port)")
        }
        do throws(SnapcastError) {
            let rpc = try SnapserverConnection(address: address)
            return (rpc, RoomDirectory(server: try rpc.status(), source: snapcast.stream), snapcast)
        } catch {
            throw error.adminError
        }
    }
}

extension SnapcastError {
    var adminError: AdminError {
        kind == .usage || kind == .refused ? .refused(message) : .unreachable(message)
    }
}

/// Runs `change` against snapserver, then prints the room as it is now.
private func changeRoom(_ options: SnapcastOptions, _ key: String,
                        _ change: (SnapserverConnection, RoomDirectory, CrateConfig.Snapcast) throws(SnapcastError) -> Void) throws {
    try reportingFailures {
        let (rpc, directory, snapcast) = try options.open()
        let after: RoomDirectory, id: String
        do throws(SnapcastError) {
            try change(rpc, directory, snapcast)
            after = RoomDirectory(server: try rpc.status(), source: snapcast.stream)
            id = try after.room(key, label: rpc.label).client.id
        } catch {
            throw error.adminError
        }
        guard let room = after.rooms.first(where: { $0.id == id }) else { return }
        Output.line(options.connection.json ? try RoomsFormat.json(room) : RoomsFormat.line(room))
    }
}

struct RoomsListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Every room: connected or not, its group and stream, volume, mute and latency.")
    @OptionGroup var options: SnapcastOptions

    func run() throws {
        try reportingFailures {
            let (rpc, directory, _) = try options.open()
            let rooms = RoomsStatus(server: rpc.address.description, stream: directory.boxStream?.id, rooms: directory.rooms)
            if options.connection.json {
                Output.line(try RoomsFormat.json(rooms))
            } else {
                Output.line(RoomsFormat.list(rooms))
            }
        }
    }
}

struct RoomsVolumeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "volume", abstract: "Set a room's volume, 0 to 100.")
    @Argument(help: "The room's name or host id.") var room: String
    @Argument(help: "Percent, 0 to 100.") var percent: Int
    @OptionGroup var options: SnapcastOptions

    func validate() throws {
        guard (0...100).contains(percent) else { throw ValidationError("the volume is a percent from 0 to 100; got \(percent)") }
    }

    func run() throws {
        try changeRoom(options, room) { rpc, directory, _ throws(SnapcastError) in
            let client = try directory.room(room, label: rpc.label).client
            try rpc.setVolume(client: client.id, percent: percent, muted: client.config.volume.muted)
        }
    }
}

struct RoomsMuteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "mute", abstract: "Mute a room (its volume is kept).")
    @Argument(help: "The room's name or host id.") var room: String
    @OptionGroup var options: SnapcastOptions
    func run() throws { try setMuted(true, room, options) }
}

struct RoomsUnmuteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unmute", abstract: "Unmute a room.")
    @Argument(help: "The room's name or host id.") var room: String
    @OptionGroup var options: SnapcastOptions
    func run() throws { try setMuted(false, room, options) }
}

private func setMuted(_ muted: Bool, _ room: String, _ options: SnapcastOptions) throws {
    try changeRoom(options, room) { rpc, directory, _ throws(SnapcastError) in
        let client = try directory.room(room, label: rpc.label).client
        try rpc.setVolume(client: client.id, percent: client.config.volume.percent, muted: muted)
    }
}

struct RoomsJoinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "join", abstract: "Play the box's stream in a room (the room leaves a group playing something else).")
    @Argument(help: "The room's name or host id.") var room: String
    @OptionGroup var options: SnapcastOptions

    func run() throws {
        try changeRoom(options, room) { rpc, directory, snapcast throws(SnapcastError) in
            let box = try directory.requireBoxStream(source: snapcast.stream, label: rpc.label)
            try moveRoom(room, to: box.id, rpc, directory, source: snapcast.stream)
        }
    }
}

struct RoomsLeaveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "leave",
        abstract: "Stop playing the box's stream in a room: it moves to another snapserver stream.",
        discussion: """
            The room goes to --to, else the first stream that is not the box's. snapserver \
            has no "off": give it an idle stream for rooms that leave, e.g. \
            source = pipe:///run/snapserver/idle?name=idle in snapserver.conf.
            """)
    @Argument(help: "The room's name or host id.") var room: String
    @Option(help: ArgumentHelp("The snapserver stream to move the room to.", valueName: "stream")) var to: String?
    @OptionGroup var options: SnapcastOptions

    func run() throws {
        try changeRoom(options, room) { rpc, directory, snapcast throws(SnapcastError) in
            let box = directory.boxStream?.id
            let target: String
            if let to {
                guard directory.server.streams.contains(where: { $0.id == to }) else {
                    throw SnapcastError(.usage, "\(rpc.label) has no stream '\(to)'; its streams: "
                                        + directory.server.streams.map(\.id).joined(separator: ", "))
                }
                target = to
            } else if let other = directory.server.streams.first(where: { $0.id != box }) {
                target = other.id
            } else {
                throw SnapcastError(.usage, "\(rpc.label) has no stream but the box's for the room to move to; add an idle "
                                    + "one to snapserver.conf, e.g. source = pipe:///run/snapserver/idle?name=idle")
            }
            try moveRoom(room, to: target, rpc, directory, source: snapcast.stream)
        }
    }
}

/// Puts `room` on `stream`: alone in its group it moves with the group; sharing a group
/// it is first taken out (snapserver gives it a group of its own), so the others stay.
private func moveRoom(_ room: String, to stream: String, _ rpc: SnapserverConnection, _ directory: RoomDirectory,
                      source: CrateConfig.HostPort?) throws(SnapcastError) {
    var (client, group) = try directory.room(room, label: rpc.label)
    if group.streamID == stream { return }
    if group.clients.count > 1 {
        try rpc.setClients(group: group.id, clients: group.clients.map(\.id).filter { $0 != client.id })
        (client, group) = try RoomDirectory(server: try rpc.status(), source: source).room(client.id, label: rpc.label)
    }
    try rpc.setStream(group: group.id, stream: stream)
}
