import CrateRouter
import CrateWire

/// Which of the socket's threads run a command, once its request is decoded.
enum ControlLane: Sendable, Equatable {
    /// The request workers: the router answers from what the box holds.
    case router
    /// The network workers, beside the others: the command asks a server (plex.tv,
    /// Last.fm) and waits for the answer, up to a minute when it hangs, and must never
    /// leave `status` unanswered meanwhile. The other Plex and Last.fm commands work on
    /// what the box holds (a sync runs on a thread of its own) and are not among them.
    case network
    /// The connection becomes an event stream: answered with the status, then events.
    case subscribe
}

/// One control socket command: its wire name, which workers run it and how its JSON
/// request becomes the router's `Command` (refusing there, in words, what the router could
/// not do). The router's case for that `Command` is the command's handler. Every row is in
/// `ControlCommands.table`.
///
/// There is no permission column: whoever may open the socket file may run every command
/// (docs/PROTOCOL.md, "Who may connect"). crate-web narrows what its page may send itself.
struct ControlCommandSpec: Sendable {
    /// The request and the command's name (for the refusals' wording).
    typealias Decode = @Sendable (ControlRequest, ControlCommand) throws(InvalidRequest) -> Command

    let name: ControlCommand
    let lane: ControlLane
    let decode: Decode

    init(_ name: ControlCommand, _ lane: ControlLane, _ decode: @escaping Decode) {
        self.name = name
        self.lane = lane
        self.decode = decode
    }
}
