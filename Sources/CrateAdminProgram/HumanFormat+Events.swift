import CrateCore
import CrateWire

/// What `watch` prints: one line per event, with the clock.
extension HumanFormat {
    /// One `watch` line: `12:01:33 playing  2/3 02 Sweep.mp3  0:00 / 3:12`.
    static func event(_ event: DaemonEvent, at clock: String = clock()) -> String {
        let label: String
        switch event.event {
        case .state: label = event.status.state.name
        case .track: label = "track"
        case .trackError: label = "skipped"
        case .seek: label = "seek"
        case .output: label = "output"
        case .scanStarted, .scanProgress, .scanFinished:
            // Library events say what they are; the player's state is beside the point.
            let done = event.scanProgress.map { " \($0.filesDone)/\($0.filesSeen) files" } ?? ""
            return clock + " " + "library".padded(to: 8) + done + "  — " + (event.message ?? "")
        case .plexSynced:
            return clock + " " + "plex".padded(to: 8) + " " + (event.message ?? "")
        case .mixer:
            return clock + " " + "volume".padded(to: 8) + " " + (event.message.map { $0 + " %" } ?? "")
        case .input:
            return clock + " " + "input".padded(to: 8) + " " + (event.input.map(input) ?? event.message ?? "")
        }
        var line = clock + " " + label.padded(to: 8)
        if let track = track(event.status) {
            line += " " + track + "  " + position(event.status)
        }
        if event.event == .output { line += "  " + output(event.status.output) }
        if let message = event.message ?? errorMessage(event.status.state) { line += "  — " + message }
        return line
    }

    /// `turn knob +3 → browse 4/24: Artist — Album`.
    static func input(_ event: InputEvent) -> String {
        var text = "\(event.gesture.rawValue) \(event.control)"
        if let detents = event.detents { text += detents > 0 ? " +\(detents)" : " \(detents)" }
        if event.source != "gpio" { text += " (\(event.source))" }
        return text + (event.action.map { " → " + $0 } ?? "")
    }

    private static func errorMessage(_ state: PlaybackState) -> String? {
        if case .error(let message) = state, !message.isEmpty { return message }
        return nil
    }
}
