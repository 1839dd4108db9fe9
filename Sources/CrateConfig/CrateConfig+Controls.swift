import CrateCore

/// `[controls]` and its sub-tables, from TOML to `CrateConfig.Controls`, with the checks
/// that need the whole section: a line wired twice, an encoder missing a pin, volume
/// controls without a mixer.
extension CrateConfig {
    /// The sub-tables `[controls]` may have: the buttons, then the encoders.
    static let controlTables = ButtonFunction.allCases.filter { $0 != .knob }.map(\.rawValue)
        + EncoderFunction.allCases.map(\.rawValue)

    mutating func readControls(_ document: TOMLDocument) -> [ConfigError] {
        var problems: [ConfigError] = []
        var table = TableReader(document, table: ["controls"])
        if let value = table.string("chip", expected: "a GPIO chip name, path, label or number") {
            controls.chip = value
        }
        if let value = table.integer("debounce_ms", in: 1...200) { controls.debounceMs = value }
        if let value = table.integer("long_press_ms", in: 200...5000) { controls.longPressMs = value }
        if let value = table.number("idle_timeout", in: 2...120, expected: "a number of seconds from 2 to 120") {
            controls.idleTimeout = value
        }
        if let value = table.integer("volume_step", in: 1...20) { controls.volumeStep = value }
        let defaultActiveLow = table.bool("active_low") ?? true
        let biasNames = GPIOLine.Bias.allCases.map(\.rawValue)
        let defaultBias = table.choice("bias", from: biasNames).flatMap(GPIOLine.Bias.init) ?? .pullUp
        table.refuseUnknownKeys(tables: Self.controlTables)
        problems += table.problems

        for name in Self.controlTables {
            let path = ["controls", name]
            guard let header = document[path] else { continue }
            var reader = TableReader(document, table: path)
            let chip = reader.string("chip", expected: "a GPIO chip name, path, label or number") ?? controls.chip
            let activeLow = reader.bool("active_low") ?? defaultActiveLow
            let bias = reader.choice("bias", from: biasNames).flatMap(GPIOLine.Bias.init) ?? defaultBias
            func line(_ key: String) -> GPIOLine? {
                guard let (reference, fileLine) = reader.gpioLine(key) else { return nil }
                return GPIOLine(chip: chip, line: reference, activeLow: activeLow, bias: bias,
                                table: "controls.\(name)", key: key, fileLine: fileLine)
            }
            if let function = EncoderFunction(rawValue: name) {
                let a = line("a"), b = line("b")
                let push = function == .knob ? line("push") : nil
                let steps = reader.integer("steps_per_detent", in: 1...4) ?? 4
                let acceleration = reader.bool("acceleration") ?? false
                if ![1, 2, 4].contains(steps) {
                    problems.append(ConfigError(source: document.source, line: header.line, table: "controls.\(name)",
                                                key: "steps_per_detent", message: "expected 1, 2 or 4, got \(steps)"))
                }
                switch (a, b) {
                case let (a?, b?):
                    controls.encoders.append(Encoder(function: function, a: a, b: b, stepsPerDetent: steps,
                                                     acceleration: acceleration))
                case (nil, nil) where push != nil: break  // a push switch alone
                default:
                    let missing = a == nil ? "a" : "b"
                    problems.append(ConfigError(
                        source: document.source, line: header.line, table: "controls.\(name)",
                        message: "the encoder needs both pins, a and b; \(missing) is missing"))
                }
                if let push { controls.buttons.append(Button(function: .knob, line: push)) }
            } else if let function = ButtonFunction(rawValue: name) {
                if let wired = line("line") {
                    controls.buttons.append(Button(function: function, line: wired))
                } else if reader.problems.isEmpty {
                    problems.append(ConfigError(source: document.source, line: header.line, table: "controls.\(name)",
                                                message: "the button needs its GPIO line: line = OFFSET or line = \"NAME\""))
                }
            }
            reader.refuseUnknownKeys()
            problems += reader.problems
        }
        problems += duplicateLines(document)
        let wantsMixer = controls.encoder(.volume) != nil || controls.button(.volumeUp) != nil
            || controls.button(.volumeDown) != nil
        if wantsMixer, audio.mixerControl == nil, let table = document[["controls", "volume"]]
            ?? document[["controls", "volume_up"]] ?? document[["controls", "volume_down"]] {
            problems.append(ConfigError(
                source: document.source, line: table.line, table: TOMLValue.displayPath(table.path),
                message: "volume controls need a mixer: set [audio] mixer_control (amixer scontrols lists them)"))
        }
        return problems
    }

    /// A line wired to two functions (same chip as written, same offset or name).
    private func duplicateLines(_ document: TOMLDocument) -> [ConfigError] {
        var seen: [String: GPIOLine] = [:]
        var problems: [ConfigError] = []
        let lines = controls.buttons.map(\.line) + controls.encoders.flatMap { [$0.a, $0.b] }
        for line in lines.sorted(by: { $0.fileLine < $1.fileLine }) {
            let key = "\(line.chip)\u{0}\(line.line)"
            if let first = seen[key] {
                problems.append(ConfigError(
                    source: document.source, line: line.fileLine, table: line.table, key: line.key,
                    message: "line \(line.line) of \(line.chip) is already used by \(first.origin) (line \(first.fileLine))"))
            } else {
                seen[key] = line
            }
        }
        return problems
    }
}
