/// Ends an event subscription when cancelled.
public final class EventSubscription: Sendable {
    private let onCancel: @Sendable () -> Void
    public init(onCancel: @escaping @Sendable () -> Void) { self.onCancel = onCancel }
    public func cancel() { onCancel() }
}
