import CrateCore
import CrateRooms

/// The snapcast rooms as the router sees them: the one question it asks. CrateRooms'
/// watcher answers it; the router never holds the watcher.
protocol RoomsReport: Sendable {
    func status() -> RoomsStatus
}

/// The rooms in `status` and on the panel, in CrateRooms' words; the router's only
/// contact with that module.
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
