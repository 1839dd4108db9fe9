import CrateConfig
import CrateCore

/// From line edges to gestures: each line feeds the decoder of the control it belongs to
/// (a button's debouncer, one side of an encoder). The GPIO backend and the simulated one
/// both drive this, so what `crate-admin input` injects is decoded exactly like wiring.
public struct InputPipeline: Sendable {
    public enum Role: Sendable, Equatable {
        case button(ButtonFunction)
        case encoder(EncoderFunction, QuadratureDecoder.Line)
    }

    public struct Timing: Sendable, Equatable {
        public var debounce: Nanoseconds
        public var longPress: Nanoseconds
        public init(debounce: Nanoseconds, longPress: Nanoseconds) {
            self.debounce = debounce
            self.longPress = longPress
        }

        public init(_ controls: CrateConfig.Controls) {
            self.init(debounce: Nanoseconds(controls.debounceMs) * 1_000_000,
                      longPress: Nanoseconds(controls.longPressMs) * 1_000_000)
        }
    }

    /// What each line index is.
    public let roles: [Role]
    private var buttons: [ButtonFunction: ButtonDecoder] = [:]
    private var encoders: [EncoderFunction: QuadratureDecoder] = [:]
    private var acceleration: [EncoderFunction: TurnAcceleration] = [:]

    /// `levels` are the lines' logical levels at start (the encoder's rest position).
    public init(roles: [Role], levels: [Bool], timing: Timing, stepsPerDetent: [EncoderFunction: Int] = [:],
                accelerated: Set<EncoderFunction> = []) {
        self.roles = roles
        for (index, role) in roles.enumerated() {
            let level = index < levels.count ? levels[index] : false
            switch role {
            case .button(let function):
                buttons[function] = ButtonDecoder(debounce: timing.debounce, mode: Self.mode(of: function, timing),
                                                  initialLevel: level)
            case .encoder(let function, _):
                guard encoders[function] == nil else { continue }
                let a = roles.firstIndex(of: .encoder(function, .a)).map { $0 < levels.count ? levels[$0] : false } ?? false
                let b = roles.firstIndex(of: .encoder(function, .b)).map { $0 < levels.count ? levels[$0] : false } ?? false
                encoders[function] = QuadratureDecoder(stepsPerDetent: stepsPerDetent[function] ?? 4, a: a, b: b)
                acceleration[function] = TurnAcceleration(enabled: accelerated.contains(function))
            }
        }
    }

    /// How each button is read: volume buttons repeat while held; the rest tell a press
    /// from a long press (play held: more by this artist; genre held: the crate menu).
    static func mode(of function: ButtonFunction, _ timing: Timing) -> ButtonDecoder.Mode {
        switch function {
        case .volumeUp, .volumeDown: .repeating(delay: 400_000_000, interval: 120_000_000)
        case .play, .genre, .next, .prev, .like, .knob: .pressAndLong(longAfter: timing.longPress)
        }
    }

    /// An edge on line `index`: its new logical level and the kernel's timestamp.
    public mutating func edge(line index: Int, level: Bool, at: Nanoseconds) -> [DecodedInput] {
        guard index >= 0, index < roles.count else { return [] }
        var out = advance(to: at)
        switch roles[index] {
        case .button(let function):
            for gesture in buttons[function]?.edge(level: level, at: at) ?? [] {
                out.append(DecodedInput(control: .button(function), gesture: gesture == .long ? .long : .press, at: at))
            }
        case .encoder(let function, let side):
            guard var decoder = encoders[function] else { return out }
            let detents = decoder.edge(side, level: level)
            encoders[function] = decoder
            if detents != 0 {
                let scaled = acceleration[function]?.scale(detents, at: at) ?? detents
                out.append(DecodedInput(control: .encoder(function), gesture: .turn, detents: detents,
                                        accelerated: scaled, at: at))
            }
        }
        return out
    }

    /// Gestures that fall due by `now` without an edge: a long press while held, a repeat.
    public mutating func advance(to now: Nanoseconds) -> [DecodedInput] {
        var out: [DecodedInput] = []
        for function in ButtonFunction.allCases {
            guard var decoder = buttons[function] else { continue }
            // Deadline by deadline, so each gesture carries the moment it fell due.
            // (Bounded: a deadline that did not move on must not spin the input thread.)
            var steps = 0
            while let due = decoder.nextDeadline, due <= now, steps < 256 {
                steps += 1
                for gesture in decoder.advance(to: due) {
                    out.append(DecodedInput(control: .button(function), gesture: gesture == .long ? .long : .press, at: due))
                }
            }
            buttons[function] = decoder
        }
        return out
    }

    /// When `advance` next has work: the input thread's poll timeout.
    public var nextDeadline: Nanoseconds? {
        buttons.values.compactMap(\.nextDeadline).min()
    }
}
