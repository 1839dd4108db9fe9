/// What carrying out one intent came to: what it did, or why the router refused it.
public enum ActionOutcome: Sendable, Equatable {
    case done(String)
    case refused(String)

    /// The words in `InputEvent.action`, where a refusal reads "failed: why".
    public var text: String {
        switch self {
        case .done(let text): text
        case .refused(let reason): "failed: \(reason)"
        }
    }

    public var refusal: String? {
        if case .refused(let reason) = self { return reason }
        return nil
    }
}
