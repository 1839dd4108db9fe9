import CrateCore

/// The snapcast rooms as the router sees them: the one question it asks (in `status` and
/// for the panel). CrateRooms' watcher answers it; the router never holds the watcher.
protocol RoomsReport: Sendable {
    func status() -> RoomsStatus
}
