import CrateConfig
import CrateCore
import CratePosix
import CrateSnapcast
import Glibc
import Logging
import Synchronization

/// Asks snapserver which rooms play the box's stream, on a thread of its own (never the
/// decode or real-time threads): every few seconds, less often while snapserver cannot
/// be reached. A room that was connected while crated watched and is not any more has
/// dropped out; rooms long gone before crated started are not mentioned.
public final class RoomsWatcher: Sendable {
    /// Seconds between questions while snapserver answers; doubled up to `maxInterval` while it does not.
    static let interval = 2
    static let maxInterval = 30
    static let timeoutSeconds = 2.0

    let address: CrateConfig.HostPort
    let source: CrateConfig.HostPort?
    private let logger: Logger
    private let latest: Mutex<RoomsStatus>
    /// Called when what the display shows of the rooms changed.
    private let changed: @Sendable () -> Void

    public init(address: CrateConfig.HostPort, source: CrateConfig.HostPort?, logger: Logger,
                changed: @escaping @Sendable () -> Void) {
        self.address = address
        self.source = source
        self.logger = logger
        self.changed = changed
        latest = Mutex(RoomsStatus(server: address.description, stream: nil, rooms: []))
    }

    /// The watcher for `[snapcast]`, calling `changed` when what the panel shows of the
    /// rooms changed; nil while multi-room is off.
    public convenience init?(_ snapcast: CrateConfig.Snapcast, logger: Logger, changed: @escaping @Sendable () -> Void) {
        // `[snapcast] stream` unset is multi-room off, whatever `control` says.
        guard snapcast.stream != nil, let address = snapcast.controlAddress else { return nil }
        self.init(address: address, source: snapcast.stream, logger: logger, changed: changed)
    }

    /// The rooms as last seen, with snapserver's error while it cannot be asked.
    public func status() -> RoomsStatus { latest.withLock { $0 } }

    /// Starts the `crate-rooms` thread; it ends once `stopping` is set.
    public func start(stopping: StopFlag) throws(PosixError) {
        _ = try PosixThread.spawn(name: "crate-rooms") { [self] in
            var seenConnected = Set<String>()
            var connection: SnapserverConnection? = nil
            var wait = 0
            while !stopping.isSet {
                let next = poll(&seenConnected, &connection)
                let delay = next.error == nil ? Self.interval : min(Self.maxInterval, max(Self.interval, wait * 2))
                wait = delay
                for _ in 0..<delay where !stopping.isSet { sleep(1) }
            }
        }
    }

    /// One question to snapserver on `connection` (opened when nil, dropped after a
    /// failure: snapserver logs every closed connection as an error, so it is kept).
    /// The new status is kept and returned.
    @discardableResult
    func poll(_ seenConnected: inout Set<String>, _ connection: inout SnapserverConnection?) -> RoomsStatus {
        var next = RoomsStatus(server: address.description, stream: nil, rooms: [])
        do throws(SnapcastError) {
            let rpc: SnapserverConnection
            if let open = connection {
                rpc = open
            } else {
                rpc = try SnapserverConnection(address: address, timeoutSeconds: Self.timeoutSeconds)
                connection = rpc
            }
            let server: SnapcastServer
            do throws(SnapcastError) {
                server = try rpc.status()
            } catch {
                connection = nil
                throw error
            }
            let directory = RoomDirectory(server: server, source: source)
            let box = try directory.requireBoxStream(source: source, label: "snapserver at \(address)")
            next.stream = box.id
            for var room in directory.rooms where room.playingBox {
                if room.connected {
                    seenConnected.insert(room.id)
                } else if seenConnected.contains(room.id) {
                    room.droppedOut = true
                } else {
                    continue
                }
                next.rooms.append(room)
            }
            seenConnected = seenConnected.filter { id in directory.rooms.contains { $0.id == id && $0.playingBox } }
        } catch {
            next.error = error.message
        }
        let previous = latest.withLock { old in
            defer { old = next }
            return old
        }
        if previous.error != next.error {
            if let error = next.error { logger.error("rooms: \(error); asking again less often") }
            else { logger.info("rooms: snapserver at \(address) answers; box stream \(next.stream ?? "?")") }
        }
        for room in next.droppedOut where !previous.droppedOut.contains(where: { $0.id == room.id }) {
            logger.warning("rooms: \(room.name) dropped out (its snapclient is no longer connected)")
        }
        if previous.playing.map(\.id) != next.playing.map(\.id) || previous.droppedOut.map(\.id) != next.droppedOut.map(\.id)
            || (previous.error == nil) != (next.error == nil) {
            changed()
        }
        return next
    }
}
