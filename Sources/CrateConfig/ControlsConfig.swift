import CrateCore

extension CrateConfig {
    /// `[controls]` and its sub-tables: which GPIO line each button and encoder is wired
    /// to, and how presses and turns are read. Nothing wired (the default) is fine: the
    /// simulated input of `crate-admin input` still drives the same interaction model.
    public struct Controls: Sendable, Equatable {
        /// The chip lines use unless their table names another: a name (`gpiochip0`),
        /// a path (`/dev/gpiochip0`), a label (`pinctrl-bcm2711`) or a number.
        /// TOML: `[controls] chip`.
        public var chip: String = "gpiochip0"
        /// A level must hold this long to count (contacts bounce). TOML: `debounce_ms`, 1…200.
        public var debounceMs: Int = 25
        /// Held this long = a long press, fired while still held. TOML: `long_press_ms`, 200…5000.
        public var longPressMs: Int = 1000
        /// Seconds without input before browse or dial mode returns to now-playing.
        /// TOML: `idle_timeout`, 2…120.
        public var idleTimeout: Double = 8
        /// Mixer percent per volume detent or press. TOML: `volume_step`, 1…20.
        public var volumeStep: Int = 2
        /// Wired buttons, in the order of the file.
        public var buttons: [Button] = []
        /// Wired encoders, in the order of the file.
        public var encoders: [Encoder] = []
        public init() {}

        public func button(_ function: ButtonFunction) -> Button? { buttons.first { $0.function == function } }
        public func encoder(_ function: EncoderFunction) -> Encoder? { encoders.first { $0.function == function } }
    }

    /// One GPIO line as configured.
    public struct GPIOLine: Sendable, Equatable {
        public enum Reference: Sendable, Equatable, CustomStringConvertible {
            /// The line's offset on its chip.
            case offset(Int)
            /// The line's name in the device tree (`GPIO17` on a Raspberry Pi).
            case name(String)
            public var description: String {
                switch self {
                case .offset(let offset): String(offset)
                case .name(let name): "\"\(name)\""
                }
            }
        }

        public enum Bias: String, Sendable, Equatable, CaseIterable {
            case pullUp = "pull-up"
            case pullDown = "pull-down"
            case disable
            /// Leave whatever the firmware or device tree set.
            case asIs = "as-is"
        }

        public var chip: String
        public var line: Reference
        /// Pressed (or an encoder contact closed) reads as low: a switch to ground with a pull-up.
        public var activeLow: Bool
        public var bias: Bias
        /// Where it was configured, for messages: the table (`controls.play`), the key
        /// (`line`, `a`, `push`) and the line of the file.
        public var table: String
        public var key: String
        public var fileLine: Int

        /// `[controls.play] line`, as messages name it.
        public var origin: String { "[\(table)] \(key)" }

        public init(chip: String, line: Reference, activeLow: Bool = true, bias: Bias = .pullUp,
                    table: String = "controls", key: String = "line", fileLine: Int = 0) {
            self.chip = chip
            self.line = line
            self.activeLow = activeLow
            self.bias = bias
            self.table = table
            self.key = key
            self.fileLine = fileLine
        }
    }

    /// `[controls.play]` and the other buttons; `push` of `[controls.knob]` is the knob button.
    public struct Button: Sendable, Equatable {
        public var function: ButtonFunction
        public var line: GPIOLine
        public init(function: ButtonFunction, line: GPIOLine) {
            self.function = function
            self.line = line
        }
    }

    /// `[controls.knob]` or `[controls.volume]`: a quadrature encoder.
    public struct Encoder: Sendable, Equatable {
        public var function: EncoderFunction
        public var a: GPIOLine
        public var b: GPIOLine
        /// Gray-code transitions per click: 4 (one full cycle, most common), 2 or 1.
        public var stepsPerDetent: Int
        /// Turn faster, move further (browse only; the dial and volume stay one per click).
        public var acceleration: Bool
        public init(function: EncoderFunction, a: GPIOLine, b: GPIOLine, stepsPerDetent: Int = 4,
                    acceleration: Bool = false) {
            self.function = function
            self.a = a
            self.b = b
            self.stepsPerDetent = stepsPerDetent
            self.acceleration = acceleration
        }
    }
}
