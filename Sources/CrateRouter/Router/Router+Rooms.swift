import CrateCore

/// The rooms in `status` and on the panel, through the router's port (`RoomsReport`);
/// the router never holds the watcher.
extension Router {
    /// The rooms for `status`, with a warning for snapserver's error and for each room
    /// that dropped out; nil while multi-room is off.
    func roomsForStatus() -> (rooms: RoomsStatus, warnings: [String])? {
        guard let rooms = roomsReport?.status() else { return nil }
        return (rooms, rooms.warnings)
    }

    /// The rooms' words on the panel's status row (nil: none to show) and whether they
    /// are a problem; nil while multi-room is off.
    func roomsPanelLine() -> (text: String?, problem: Bool)? {
        roomsReport?.status().panelLine
    }
}
