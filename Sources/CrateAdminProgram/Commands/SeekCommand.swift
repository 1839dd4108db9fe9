import ArgumentParser
import CrateCore
import CrateWire

struct SeekCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seek",
        abstract: "Jump to a position in the current track.",
        discussion: "The position is seconds (90, 12.5), minutes:seconds (1:30) or hours:minutes:seconds (1:02:03).")

    @Argument(help: ArgumentHelp("Where to jump to, from the start of the track.", valueName: "position"))
    var position: SeekPosition

    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions

    func run() throws {
        try reportingFailures {
            try connection.perform(ControlRequest(cmd: .seek, seconds: position.seconds)) { reply in
                Output.line(reply.status.map { HumanFormat.summary($0.player) } ?? "ok")
            }
        }
    }
}

/// A track position as people write it: `90`, `1:30`, `1:02:03` (the last part may
/// have a fraction: `1:30.5`).
struct SeekPosition: ExpressibleByArgument, Equatable {
    var seconds: Double

    init(seconds: Double) {
        self.seconds = seconds
    }

    init?(argument: String) {
        let parts = argument.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), let last = parts.last, let lastValue = Self.number(last) else {
            return nil
        }
        var seconds = lastValue
        // Every part but the first is a sub-unit and must stay below 60: "1:75" is a typo.
        if parts.count > 1 && lastValue >= 60 { return nil }
        var scale = 60.0
        for (offset, part) in parts.dropLast().reversed().enumerated() {
            guard part.allSatisfy(\.isASCIIDigit), let value = Int(part) else { return nil }
            let isFirst = offset == parts.count - 2
            if !isFirst && value >= 60 { return nil }
            seconds += Double(value) * scale
            scale *= 60
        }
        guard seconds.isFinite, seconds >= 0 else { return nil }
        self.seconds = seconds
    }

    /// Digits with an optional fraction; no sign, no exponent, no "inf".
    private static func number(_ text: Substring) -> Double? {
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(pieces.count), !pieces[0].isEmpty,
            pieces.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }), pieces.count == 1 || !pieces[1].isEmpty
        else { return nil }
        return Double(text)
    }

    static var defaultCompletionKind: CompletionKind { .default }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
