import CrateCore
import CrateRouter

/// What the control socket serves: the router does typed commands and publishes events.
/// The socket server knows nothing else about the daemon.
public protocol ControlHandler: Sendable {
    /// Does one command; a failure is the refusal the client is told.
    func perform(_ command: Command) throws(CommandRefusal) -> Answer
    /// Calls `sink` for every event until the returned token is cancelled.
    /// `sink` is called on an engine thread and must not block for long.
    func subscribe(_ sink: @escaping @Sendable (DaemonEvent) -> Void) -> EventSubscription
}

extension Router: ControlHandler {}
