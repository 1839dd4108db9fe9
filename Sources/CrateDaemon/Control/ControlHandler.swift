import CrateCore
import CrateWire

/// What the control socket serves: the router answers requests and publishes events.
/// The socket server knows nothing else about the daemon.
public protocol ControlHandler: Sendable {
    /// Answers one request. Never throws: failures are `ControlReply.failure`.
    func handle(_ request: ControlRequest) -> ControlReply
    /// Calls `sink` for every event until the returned token is cancelled.
    /// `sink` is called on an engine thread and must not block for long.
    func subscribe(_ sink: @escaping @Sendable (DaemonEvent) -> Void) -> EventSubscription
}

/// Ends an event subscription when cancelled.
public final class EventSubscription: Sendable {
    private let onCancel: @Sendable () -> Void
    public init(onCancel: @escaping @Sendable () -> Void) { self.onCancel = onCancel }
    public func cancel() { onCancel() }
}
