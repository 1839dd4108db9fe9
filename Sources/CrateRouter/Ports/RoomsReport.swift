import CrateCore

/// The snapcast rooms as the router reports them (in `status` and on the panel): the rooms
/// integration behind a port, so the router knows nothing of snapserver.
public protocol RoomsReport: Sendable {
    func status() -> RoomsStatus
}
