import CrateRouter
/// One connected MPD client as the poll loop sees it: bytes in, bytes out, and the
/// protocol state between them (command lists, idle). Only the poll thread touches it.
///
/// Answers are produced as the client takes them: a command runs only once less than
/// `readAhead` bytes wait for the client, a listing is rendered a slice at a time, and a
/// command list runs one command per step. A client that stops reading therefore stops
/// costing anything but the descriptor, until `connection_timeout` lets it go.
final class MPDClient {
    /// MPD's protocol version whose commands we answer as MPD does.
    static let greeting = Array("OK MPD 0.23.0\n".utf8)

    let fd: Int32
    /// "#12 on 127.0.0.1:6600", for the log.
    let name: String
    let limits: MPDLimits
    var input: [UInt8] = []
    private(set) var output: [UInt8] = []
    private(set) var sent = 0
    var state: MPDClientState
    /// Close once the output has been written.
    var closing = false
    /// When the client last sent a byte or took one (monotonic seconds): silence counts from here.
    private(set) var lastHeard: Double
    /// When it connected (monotonic seconds): of two apps waiting in `idle`, the older stays.
    let connectedAt: Double
    /// It has asked for a command: not a connection that only took its greeting.
    private(set) var hasSpoken = false
    /// It has waited in `idle` on this connection: an app listening for changes, kept over
    /// newcomers even between two of its `idle`s.
    private(set) var hasIdled = false

    /// The listing of the command running, still to be rendered, and what follows it.
    private var listing: MPDListing?
    private var afterListing: [UInt8] = []
    /// The command list running: its lines, the next to run, and whether each gets `list_OK`.
    private var running: (lines: [[UInt8]], next: Int, listOK: Bool)?
    /// Bytes of the command list being collected or run, taken from `lists`.
    private var listedBytes = 0
    /// What every client's unfinished lists hold together (`max_command_lists_total`).
    private let lists: MPDListBudget
    /// A list over the limits was answered with its ACK; its lines are skipped up to its end.
    private var skippingList = false

    init(fd: Int32, name: String, authorized: Bool, limits: MPDLimits, lists: MPDListBudget, now: Double) {
        self.fd = fd
        self.name = name
        self.limits = limits
        self.lists = lists
        lastHeard = now
        connectedAt = now
        state = MPDClientState(authorized: authorized, maxBinaryChunk: limits.maxBinaryChunk)
        output = Self.greeting
    }

    /// A client that goes gives back what its list held.
    deinit { lists.give(listedBytes) }

    var hasOutput: Bool { sent < output.count }
    var unsent: Int { output.count - sent }

    /// Something to run before the next read: a listing, a list, or a complete line.
    var hasWork: Bool { listing != nil || running != nil || input.contains(0x0A) }

    /// Its turn can do something: output to send, a line (or part of one) to run or check,
    /// a listing or list running, or a close to finish. An idle client's turn is skipped, so
    /// a round trip does not cost a pass over every connected phone.
    var needsTurn: Bool { hasOutput || closing || listing != nil || running != nil || !input.isEmpty }

    /// Reads only when everything asked for is answered and sent: what a client sends ahead
    /// waits in the kernel, not in our memory.
    var wantsInput: Bool { !closing && !hasOutput && !hasWork }

    /// Silent: neither sending nor reading, and not waiting in `idle` (which MPD exempts).
    func isSilent(now: Double) -> Bool {
        state.idling == nil && now - lastHeard >= limits.connectionTimeout
    }

    /// When the client turns silent, or nil while it waits in `idle`.
    var silentAt: Double? { state.idling == nil ? lastHeard + limits.connectionTimeout : nil }

    func received(_ bytes: ArraySlice<UInt8>, now: Double) {
        input += bytes
        lastHeard = now
    }

    /// The output taken by the socket: `count` bytes are gone.
    func took(_ count: Int, now: Double) {
        guard count > 0 else { return }
        sent += count
        lastHeard = now
        if sent == output.count {
            output.removeAll(keepingCapacity: output.capacity <= 4 * limits.readAhead)
            sent = 0
        } else if sent >= limits.readAhead {
            output.removeFirst(sent)
            sent = 0
        }
    }

    /// Why a client is let go while producing its answers.
    enum Stop: Error {
        case lineTooLong
        case outputOverflow
    }

    /// Produces answers until `readAhead` bytes wait, `commandsPerTurn` commands have run,
    /// or nothing is left to do; stops at `idle`.
    func produce(_ commands: MPDCommands) throws(Stop) {
        var commandsRun = 0
        while !closing, unsent < limits.readAhead, commandsRun < MPDLimits.commandsPerTurn {
            if listing != nil {
                renderListing()
            } else if running != nil {
                runNextListed(commands)
                commandsRun += 1
            } else {
                guard let newline = input.firstIndex(of: 0x0A) else {
                    guard input.count <= limits.maxLine else { throw .lineTooLong }
                    return
                }
                guard newline <= limits.maxLine else { throw .lineTooLong }
                var line = Array(input[..<newline])
                input.removeSubrange(...newline)
                if line.last == 0x0D { line.removeLast() }
                handle(line, commands)
                commandsRun += 1
            }
            guard unsent <= limits.maxOutput else { throw .outputOverflow }
        }
    }

    private func renderListing() {
        guard var current = listing else { return }
        listing = nil  // Not two owners of its entries while it renders.
        current.render(into: &output, upTo: sent + limits.readAhead)
        if current.isFinished {
            output += afterListing
            afterListing = []
        } else {
            listing = current
        }
    }

    private func handle(_ line: [UInt8], _ commands: MPDCommands) {
        if state.idling != nil {
            // While idle MPD accepts only `noidle`; anything else ends the connection.
            guard line == Array("noidle".utf8) else { closing = true; return }
            finishIdle(commands)
            return
        }
        if skippingList {
            if line == Array("command_list_end".utf8) { skippingList = false }
            return
        }
        hasSpoken = true
        let command: String, arguments: [String]
        do throws(MPDError) {
            (command, arguments) = try MPDTokenizer.split(line)
        } catch {
            if state.listOK != nil {
                // Answered with its ACK when the list runs.
                collect(line)
                return
            }
            write(error.line(listIndex: 0))
            if error.closes { closing = true }
            return
        }
        if let listOK = state.listOK {
            guard command == "command_list_end" else { return collect(line) }
            running = (state.listed, 0, listOK)
            state.listOK = nil
            state.listed = []
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
                answer(reply, then: reply.close ? [] : Array("OK\n".utf8))
            } catch {
                write(error.line(listIndex: 0))
            }
        }
    }

    /// Adds a line to the command list being collected; past `max_command_list`, MPD's
    /// 2 MB of lines, or what all clients' lists may hold together (`max_command_lists_total`),
    /// the list is answered with an ACK now and its remaining lines skipped.
    private func collect(_ line: [UInt8]) {
        let message: String
        if state.listed.count >= limits.maxCommandList {
            message = "command list is longer than \(limits.maxCommandList) commands ([mpd] max_command_list)"
        } else if listedBytes + line.count > MPDLimits.maxListBytes {
            message = "command list is longer than \(MPDLimits.maxListBytes) bytes"
        } else if !lists.take(line.count) {
            message = """
                the command lists of all clients would hold more than \(lists.limit) bytes \
                ([mpd] max_command_lists_total); send a shorter list or try again later
                """
        } else {
            state.listed.append(line)
            listedBytes += line.count
            return
        }
        write(MPDError(.argument, message).line(listIndex: state.listed.count))
        state.listOK = nil
        state.listed = []
        finishList()
        skippingList = true
    }

    /// The list is over (run, failed or refused): its lines go and its bytes are given back.
    private func finishList() {
        running = nil
        lists.give(listedBytes)
        listedBytes = 0
    }

    /// A reply's bytes, then its listing as the client reads, then `trailer`.
    private func answer(_ reply: MPDReply, then trailer: [UInt8]) {
        output += reply.bytes
        if reply.close { closing = true }
        if let listing = reply.listing, !listing.isEmpty {
            self.listing = listing
            afterListing = trailer
        } else {
            output += trailer
        }
    }

    private func runNextListed(_ commands: MPDCommands) {
        guard let (lines, index, listOK) = running else { return }
        guard index < lines.count else {
            finishList()
            write("OK\n")
            return
        }
        running?.next = index + 1
        do throws(MPDError) {
            let (command, arguments) = try MPDTokenizer.split(lines[index])
            guard command != "idle", !command.hasPrefix("command_list") else {
                var error = MPDError(.argument, "\(command) is not allowed in a command list")
                error.command = command
                throw error
            }
            let reply = try commands.run(command, arguments, &state)
            if reply.close { finishList() }
            answer(reply, then: listOK && !reply.close ? Array("list_OK\n".utf8) : [])
        } catch {
            finishList()
            write(error.line(listIndex: index))
            if error.closes { closing = true }
        }
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
        hasIdled = true
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
