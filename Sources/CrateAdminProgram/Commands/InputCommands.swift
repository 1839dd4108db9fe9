import CrateControlClient
import ArgumentParser
import CrateCore
import CrateWire

struct InputCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "input",
        abstract: "Press buttons and turn the knob from the shell, or watch what the real ones do.",
        discussion: """
            Gestures go through the same decoding and interaction model as the wired \
            controls, so `input turn +3` then `input press knob` plays the 3rd album of \
            the crate (the first click shows the first). Buttons: \(ButtonFunction.allCases.map(\.rawValue).joined(separator: ", ")) \
            (knob is the knob's push switch). Encoders: \(EncoderFunction.allCases.map(\.rawValue).joined(separator: ", ")).

            Every crate is reached this way: `input long genre` opens the crate menu \
            (turn the knob to a row, `press knob` enters it; a genre opens its sub-genres, \
            `long knob` goes back), `input long play` is more by this artist, and \
            `press knob` while an album plays opens its track list.
            """,
        subcommands: [InputPressCommand.self, InputLongCommand.self, InputTurnCommand.self, InputWatchCommand.self])
}

/// Sends one gesture and prints what it did.
private func inject(_ request: ControlRequest, _ connection: ConnectionOptions) throws {
    try reportingFailures {
        try connection.perform(request) { reply throws(AdminError) in
            let events = reply.input ?? []
            if events.isEmpty { Output.line("(no gesture decoded)") }
            for event in events { Output.line(HumanFormat.input(event)) }
        }
    }
}

struct InputPressCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "press", abstract: "Press and release a button.")
    @Argument(help: """
        The button: play, next, prev, like, genre, knob, volume_up or volume_down. like: like the album; \
        on a liked album, take the like back; within 10 s of a dislike, undo it.
        """) var name: String
    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions
    func run() throws { try inject(ControlRequest(cmd: .input, gesture: "press", control: name), connection) }
}

struct InputLongCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "long", abstract: "Hold a button past the long-press time, then release it.")
    @Argument(help: "The button: next (next album), prev (previous album), like (dislike), knob (dial mode), ….")
    var name: String
    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions
    func run() throws { try inject(ControlRequest(cmd: .input, gesture: "long", control: name), connection) }
}

struct InputTurnCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "turn", abstract: "Turn an encoder by a number of clicks: +3 clockwise, -2 back.")
    @Option(help: "The encoder: knob or volume.") var encoder = "knob"
    @Argument(parsing: .allUnrecognized, help: "Signed clicks, e.g. +3 or -2.") var clicks: [String] = []
    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions

    func validate() throws {
        guard clicks.count == 1, let n = Int(clicks[0]), n != 0 else {
            throw ValidationError("give one non-zero number of clicks, like +3 or -2")
        }
    }

    func run() throws {
        try inject(ControlRequest(cmd: .input, gesture: "turn", control: encoder, detents: Int(clicks[0]) ?? 0), connection)
    }
}

struct InputWatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Print every decoded button press and knob turn as it happens (for checking the wiring).",
        discussion: "Each line names the control, the gesture and what it did; --json prints the events as sent.")
    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions

    func run() throws {
        try watchEvents(connection, banner: "watching buttons and knob (Ctrl-C to stop)") { event in
            guard event.event == .input, let input = event.input else { return nil }
            return HumanFormat.clock() + " " + HumanFormat.input(input)
        }
    }
}
