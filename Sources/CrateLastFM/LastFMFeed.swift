import CrateCore
import CratePosix
import Glibc
import Logging

/// Player events → Last.fm. The router hands every event to `observe`, which only appends
/// it to an inbox (a short lock, no I/O); the `crate-lastfm-ear` thread keeps the
/// listening clock, looks the track up in the library (`album`) and hands now-playing updates and
/// scrobbles to the service, whose own thread talks to Last.fm.
public final class LastFMFeed: Sendable {
    struct Observation: Sendable {
        var kind: DaemonEvent.Kind
        var status: PlayerStatus
        var albumID: Int64?
        var monotonic: Double
        var unix: Int
    }

    struct Inbox: Sendable {
        var events: [Observation] = []
        var stopping = false
    }

    /// An album as the library has it; nil when it is not there.
    public typealias AlbumLookup = @Sendable (Int64) throws -> AlbumDetail?

    let service: LastFMService
    let album: AlbumLookup
    let logger: Logger
    let minTrackSeconds: Double
    private let inbox = ConditionLocked(Inbox())

    public init(service: LastFMService, album: @escaping AlbumLookup, minTrackSeconds: Double, logger: Logger) {
        self.service = service
        self.album = album
        self.minTrackSeconds = minTrackSeconds
        self.logger = logger
    }

    /// Called on the thread that publishes player events; returns at once.
    public func observe(_ kind: DaemonEvent.Kind, _ status: PlayerStatus, albumID: Int64?) {
        // Not `.seek`: its status is taken mid-flush and may name the next track; the
        // state events that follow it say where playback really is.
        switch kind {
        case .state, .track, .trackError: break
        default: return
        }
        let observation = Observation(kind: kind, status: status, albumID: albumID, monotonic: MonotonicClock.now(),
                                      unix: time(nil))
        inbox.withLockAndBroadcast { $0.events.append(observation) }
    }

    public func start() throws(PosixError) {
        _ = try PosixThread.spawn(name: "crate-lastfm-ear") { [self] in
            var clock = ListeningClock(minTrackSeconds: minTrackSeconds)
            while true {
                let wait = clock.secondsUntilScrobble(now: MonotonicClock.now())
                let events = inbox.wait(timeout: wait ?? 3600) { box -> [Observation]? in
                    if box.stopping { return nil }
                    guard !box.events.isEmpty else { return nil }
                    defer { box.events.removeAll() }
                    return box.events
                }
                if inbox.withLock({ $0.stopping }) { return }
                for event in events ?? [] {
                    logger.debug("lastfm: \(event.kind.rawValue) \(event.status.state.name) track \(event.status.currentIndex.map(String.init) ?? "-")")
                    let actions = clock.observe(event.kind, event.status, albumID: event.albumID, now: event.monotonic,
                                                unix: event.unix)
                    for (action, play) in actions { tell(action, play) }
                }
                if let play = clock.due(now: MonotonicClock.now()) { tell(.scrobble, play) }
            }
        }
    }

    public func stop() {
        inbox.withLockAndBroadcast { $0.stopping = true }
    }

    private func tell(_ action: ListeningClock.Action, _ play: ListeningClock.Play) {
        guard let track = describe(play) else { return }
        switch action {
        case .nowPlaying: service.nowPlaying(track)
        case .scrobble: service.scrobble(track)
        }
    }

    /// The play as Last.fm names it, from the library's tags; nil for files played by
    /// path (no album to name them) and tracks without an artist or title.
    private func describe(_ play: ListeningClock.Play) -> LastFMTrack? {
        guard let albumID = play.albumID else {
            logger.debug("lastfm: \(play.path) is not a library album's track; not scrobbled")
            return nil
        }
        let detail: AlbumDetail
        do {
            guard let found = try album(albumID) else { return nil }
            detail = found
        } catch {
            logger.warning("lastfm: cannot look up album \(albumID) for \(play.path): \(error)")
            return nil
        }
        guard let track = detail.tracks.first(where: { $0.path == play.path }), !track.artist.isEmpty, !track.title.isEmpty else {
            logger.info("lastfm: \(play.path): no artist or title in the library; not scrobbled")
            return nil
        }
        return LastFMTrack(artist: track.artist, track: track.title, album: detail.album.title,
                           albumArtist: detail.album.artist, trackNumber: track.number,
                           duration: Int((play.duration ?? track.duration).rounded()), timestamp: play.startedAt)
    }
}
