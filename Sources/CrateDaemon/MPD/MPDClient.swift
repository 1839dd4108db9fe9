/// One connected MPD client as the poll loop sees it: bytes in, bytes out, and the
/// protocol state between them (command lists, idle). Only the poll thread touches it.
final class MPDClient {
    /// MPD's protocol version whose commands we answer as MPD does.
    static let greeting = Array("OK MPD 0.23.0\n".utf8)
    /// Commands and bytes one command list may hold before the client is dropped
    /// (MPD's own default for the bytes: 2 MB).
    static let maxListCommands = 4096
    static let maxListBytes = 2 << 20

    let fd: Int32
    let peer: String
    var input: [UInt8] = []
    var output: [UInt8] = []
    var sent = 0
    var state: MPDClientState
    /// Close once the output has been written.
    var closing = false
    /// Bytes of the command list being collected.
    private var listedBytes = 0

    init(fd: Int32, peer: String, authorized: Bool) {
        self.fd = fd
        self.peer = peer
        state = MPDClientState(authorized: authorized)
        output = Self.greeting
    }

    var hasOutput: Bool { sent < output.count }

    /// Runs every complete line while the previous answer has gone out; stops at `idle`.
    /// Returns false when a line was longer than `maxLine`: the client is dropped.
    func process(_ commands: MPDCommands, maxLine: Int) -> Bool {
        while !closing, !hasOutput {
            guard let newline = input.firstIndex(of: 0x0A) else {
                return input.count <= maxLine
            }
            guard newline <= maxLine else { return false }
            var line = Array(input[..<newline])
            input.removeSubrange(...newline)
            if line.last == 0x0D { line.removeLast() }
            handle(line, commands)
        }
        return true
    }

    private func handle(_ line: [UInt8], _ commands: MPDCommands) {
        if state.idling != nil {
            // While idle MPD accepts only `noidle`; anything else ends the connection.
            guard line == Array("noidle".utf8) else { closing = true; return }
            finishIdle(commands)
            return
        }
        let command: String, arguments: [String]
        do throws(MPDError) {
            (command, arguments) = try MPDTokenizer.split(line)
        } catch {
            if state.listOK != nil {
                // Answered with its ACK when the list runs.
                state.listed.append(line)
                listedBytes += line.count
                if state.listed.count > Self.maxListCommands || listedBytes > Self.maxListBytes { closing = true }
                return
            }
            write(error.line(listIndex: 0))
            if error.closes { closing = true }
            return
        }
        if let listOK = state.listOK {
            guard command == "command_list_end" else {
                state.listed.append(line)
                listedBytes += line.count
                if state.listed.count > Self.maxListCommands || listedBytes > Self.maxListBytes { closing = true }
                return
            }
            runList(state.listed, listOK: listOK, commands)
            state.listOK = nil
            state.listed = []
            listedBytes = 0
            return
        }
        switch command {
        case "command_list_begin": state.listOK = false
        case "command_list_ok_begin": state.listOK = true
        case "command_list_end": write(MPDError(.notList, "not in command list mode").line(listIndex: 0))
        case "idle": startIdle(arguments, commands)
        case "noidle": break  // MPD answers nothing when not idle.
        default:
            do throws(MPDError) {
                let reply = try commands.run(command, arguments, &state)
                output += reply.bytes
                if reply.close { closing = true } else { write("OK\n") }
            } catch {
                write(error.line(listIndex: 0))
            }
        }
    }

    private func runList(_ lines: [[UInt8]], listOK: Bool, _ commands: MPDCommands) {
        for (index, line) in lines.enumerated() {
            do throws(MPDError) {
                let (command, arguments) = try MPDTokenizer.split(line)
                guard command != "idle", !command.hasPrefix("command_list") else {
                    var error = MPDError(.argument, "\(command) is not allowed in a command list")
                    error.command = command
                    throw error
                }
                let reply = try commands.run(command, arguments, &state)
                output += reply.bytes
                if reply.close { closing = true; return }
                if listOK { write("list_OK\n") }
            } catch {
                write(error.line(listIndex: index))
                if error.closes { closing = true }
                return
            }
        }
        write("OK\n")
    }

    static let subsystems: Set<String> = [
        "database", "update", "stored_playlist", "playlist", "player", "mixer", "output", "options",
        "partition", "sticker", "subscription", "message", "neighbor", "mount",
    ]

    private func startIdle(_ arguments: [String], _ commands: MPDCommands) {
        var wanted = Set<String>()
        for name in arguments {
            guard Self.subsystems.contains(name.lowercased()) else {
                var error = MPDError(.argument, "Unrecognized idle event: \(name)")
                error.command = "idle"
                write(error.line(listIndex: 0))
                return
            }
            wanted.insert(name.lowercased())
        }
        state.idling = wanted
        deliverIdle()
    }

    /// Answers a waiting `idle` if something it waits for has changed.
    func deliverIdle() {
        guard let wanted = state.idling else { return }
        let changed = wanted.isEmpty ? state.pending : state.pending.intersection(wanted)
        guard !changed.isEmpty else { return }
        for name in changed.sorted() { write("changed: \(name)\n") }
        write("OK\n")
        state.pending.subtract(changed)
        state.idling = nil
    }

    private func finishIdle(_ commands: MPDCommands) {
        deliverIdle()
        if state.idling != nil {
            state.idling = nil
            write("OK\n")
        }
    }

    private func write(_ text: String) { output += Array(text.utf8) }
}
