/// What a push button reports once its edges have been debounced and timed.
///
/// Raw values are stable strings because gestures end up in logs, configuration (mapping a
/// gesture to an intent) and the simulated input backend's wire format.
public enum ButtonGesture: String, Sendable, Equatable, Codable {
    /// A short press, an immediate press, or one auto-repeat of a repeating button.
    case press
    /// The button has been held past the long-press threshold (fires while still held).
    case long
}
