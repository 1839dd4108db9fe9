/// What people are shown of the rooms: a few words on the panel's status row, and the
/// warnings in `crate-admin status`.
extension RoomsStatus {
    /// The panel's words: a room that dropped out first, then how many play; nil when
    /// none plays. `problem` draws them in the error colour.
    public var panelLine: (text: String?, problem: Bool) {
        let dropped = droppedOut
        if dropped.count == 1 { return ("\(dropped[0].name) dropped out", true) }
        if dropped.count > 1 { return ("\(dropped.count) rooms dropped out", true) }
        if error != nil { return ("no snapserver", true) }
        let count = playing.count
        return count == 0 ? (nil, false) : (count == 1 ? "1 room" : "\(count) rooms", false)
    }

    /// The status's warnings: snapserver's error, each room that dropped out.
    public var warnings: [String] {
        (error.map { ["snapcast: \($0)"] } ?? [])
            + droppedOut.map { "snapcast: \($0.name) dropped out (its snapclient is not connected)" }
    }
}
