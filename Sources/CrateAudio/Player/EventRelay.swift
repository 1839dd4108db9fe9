import CrateCore
import CratePosix
import Synchronization

/// Carries the engine's events to the observer on a thread of their own (`crate-events`),
/// in order: what observers do with them — history and saved-queue writes with their
/// fsyncs, Plex timelines, Last.fm, the panel — never holds up decoding. The engine only
/// appends to a list and posts a wake-up.
final class EventRelay: Sendable {
    typealias Handler = @Sendable (PlayerEvent, String?, PlayerStatus) -> Void
    private let pending = Mutex<[(PlayerEvent, String?, PlayerStatus)]>([])
    private let handler = Mutex<Handler?>(nil)
    private let wake = WakeSignal()
    private let stopped = Atomic<Bool>(false)
    private let exit = ThreadExit()

    func setHandler(_ handler: @escaping Handler) { self.handler.withLock { $0 = handler } }

    func start() throws(PosixError) {
        _ = try PosixThread.spawn(name: "crate-events") { [self] in
            while !stopped.load(ordering: .acquiring) {
                let batch = pending.withLock { list in defer { list.removeAll() }; return list }
                if batch.isEmpty {
                    wake.wait(seconds: 1)
                    continue
                }
                let observer = handler.withLock { $0 }
                for (kind, message, status) in batch { observer?(kind, message, status) }
            }
            exit.mark()
        }
    }

    /// From the engine thread: queued, never waited for. `status` is the player's as the
    /// event happened: by the time the observer hears of it, playback has moved on.
    func send(_ kind: PlayerEvent, _ message: String?, _ status: PlayerStatus) {
        pending.withLock { $0.append((kind, message, status)) }
        wake.post()
    }

    /// Returns once the observer has finished the event in hand (at most 3 s), so what
    /// it writes to can be closed next.
    func stop() {
        stopped.store(true, ordering: .releasing)
        wake.post()
        exit.await(seconds: 3)
    }
}
