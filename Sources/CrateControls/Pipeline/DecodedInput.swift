import CrateCore

/// A gesture decoded from a control's edges, before the interaction model gives it a
/// meaning: "knob turned +2", "next held".
public struct DecodedInput: Sendable, Equatable {
    public enum Control: Sendable, Equatable {
        case button(ButtonFunction)
        case encoder(EncoderFunction)

        public var name: String {
            switch self {
            case .button(let function): function.rawValue
            case .encoder(let function): function.rawValue
            }
        }
    }

    public var control: Control
    public var gesture: InputEvent.Gesture
    /// For `turn`: detents as clicked, clockwise positive.
    public var detents: Int
    /// For `turn`: detents after acceleration (equal to `detents` when it is off).
    public var accelerated: Int
    /// When the edge that completed it happened.
    public var at: Nanoseconds

    public init(control: Control, gesture: InputEvent.Gesture, detents: Int = 0, accelerated: Int? = nil,
                at: Nanoseconds) {
        self.control = control
        self.gesture = gesture
        self.detents = detents
        self.accelerated = accelerated ?? detents
        self.at = at
    }
}
