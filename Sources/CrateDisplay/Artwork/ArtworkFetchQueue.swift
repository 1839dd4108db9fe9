import CratePosix
import Logging

/// Fetches remote covers on a thread of its own (`crate-covers`), one at a time, newest
/// request first: the album under the knob now matters more than those turned past. The
/// display asks and moves on (drawing the placeholder); when a picture is kept, `arrived`
/// is called so the screen is drawn again. Nothing here runs on the display's, the
/// audio's or a command's thread.
public final class ArtworkFetchQueue: Sendable {
    struct Job: Equatable {
        var albumKey: String
        var remote: RemoteArtwork
        var side: Int
        var requestedAt: Double
        static func == (a: Job, b: Job) -> Bool { a.albumKey == b.albumKey }
    }

    struct State {
        /// Oldest first; the newest is taken next.
        var waiting: [Job] = []
        var inFlight: String?
        var started = false
        var stopping = false
    }

    /// Requests beyond this drop the oldest: a fast turn through a crate asks for many.
    static let maxWaiting = 32

    private let cache: ArtworkCache
    private let fetcher: any ArtworkFetcher
    private let arrived: @Sendable (String) -> Void
    private let logger: Logger?
    private let state = ConditionLocked(State())

    /// `arrived` gets the album key of each cover kept; failures are kept in `cache`
    /// (the screens report them through `CachedArtwork`'s `onError`).
    public init(cache: ArtworkCache, fetcher: any ArtworkFetcher, logger: Logger? = nil,
                arrived: @escaping @Sendable (String) -> Void) {
        self.cache = cache
        self.fetcher = fetcher
        self.logger = logger
        self.arrived = arrived
    }

    /// Asks for the album's cover; a request already waiting or under way is not repeated.
    public func request(albumKey: String, remote: RemoteArtwork, side: Int) {
        let job = Job(albumKey: albumKey, remote: remote, side: side, requestedAt: MonotonicClock.now())
        let start = state.withLockAndBroadcast { s -> Bool in
            guard !s.stopping, s.inFlight != albumKey else { return false }
            s.waiting.removeAll { $0 == job }
            s.waiting.append(job)
            if s.waiting.count > Self.maxWaiting { s.waiting.removeFirst() }
            defer { s.started = true }
            return !s.started
        }
        guard start else { return }
        do {
            _ = try PosixThread.spawn(name: "crate-covers") { [self] in run() }
        } catch {
            logger?.error("covers: cannot start the fetch thread: \(error); Plex covers stay placeholders")
            state.withLock { $0.started = false }
        }
    }

    /// Fetches waiting (not counting one under way).
    public var waiting: Int { state.withLock { $0.waiting.count } }

    public func stop() { state.withLockAndBroadcast { $0.stopping = true } }

    private func run() {
        while true {
            let next = state.wait { s -> Job?? in
                if s.stopping { return .some(nil) }
                guard let job = s.waiting.popLast() else { return nil }
                s.inFlight = job.albumKey
                return .some(job)
            }
            guard let job = next ?? nil else { return }
            fetch(job)
            state.withLock { $0.inFlight = nil }
        }
    }

    private func fetch(_ job: Job) {
        let box = ArtworkBox(width: job.side, height: job.side)
        do {
            let bytes = try fetcher.fetch(job.remote, side: job.side)
            try cache.storeFetched(bytes, forAlbumKey: job.albumKey, source: job.remote.description, box: box)
            cache.noteFetched(milliseconds: (MonotonicClock.now() - job.requestedAt) * 1000)
            logger?.debug("covers: fetched \(job.remote) (\(bytes.count) bytes)")
            arrived(job.albumKey)
        } catch {
            // Logged with its album by the screens' onError when they next ask for it.
            cache.noteFetchFailure(error, forAlbumKey: job.albumKey)
            arrived(job.albumKey)
        }
    }
}
