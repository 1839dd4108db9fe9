import CrateCore

/// How long the track under the play head has actually been heard, and when that makes
/// it a scrobble: half its length or 4 minutes, whichever comes first; never for a track
/// shorter than the minimum (30 s on Last.fm). Heard time is time spent playing: a pause
/// does not count, and a seek forward does not make the skipped part heard.
struct ListeningClock {
    struct Play {
        let index: Int
        let path: String
        /// Unix seconds when it started: the scrobble's timestamp.
        let startedAt: Int
        let albumID: Int64?
        var duration: Double?
        var heard = 0.0
        /// Monotonic seconds since when it has been playing; nil while not.
        var playingSince: Double?
        var announced = false
        var scrobbled = false
    }

    /// Last.fm's rule: heard for half the track or this long.
    static let maxThreshold = 240.0
    let minTrackSeconds: Double
    private(set) var play: Play?

    init(minTrackSeconds: Double) { self.minTrackSeconds = minTrackSeconds }

    enum Action: Equatable {
        case nowPlaying
        case scrobble
    }

    /// Heard time needed before `play` counts; nil when it never will.
    func threshold(_ play: Play) -> Double? {
        guard let duration = play.duration, duration >= minTrackSeconds else { return nil }
        return min(duration / 2, Self.maxThreshold)
    }

    /// A player event observed at monotonic `now` and Unix `unix`; what to tell Last.fm
    /// about the play that ends (a late scrobble) and the one that starts, in order.
    mutating func observe(_ kind: DaemonEvent.Kind, _ status: PlayerStatus, albumID: Int64?, now: Double,
                          unix: Int) -> [(Action, Play)] {
        var actions: [(Action, Play)] = []
        settle(now)
        let track = status.currentTrack
        let index = status.currentIndex
        // A seek re-reports the track: the same index and file is the same play (a seek
        // back does not start it over); a moment without a track while buffering neither.
        let same = play.map { $0.index == index && $0.path == track?.path } ?? false
        let between = index == nil && status.state == .buffering
        if !same && !between {
            if let ended = play, !ended.scrobbled, let needed = threshold(ended), ended.heard >= needed {
                actions.append((.scrobble, ended))
            }
            play = nil
            if let index, let track {
                play = Play(index: index, path: track.path, startedAt: unix, albumID: albumID, duration: track.duration)
            }
        }
        guard var current = play else { return actions }
        if current.duration == nil { current.duration = track?.duration }
        current.playingSince = status.state == .playing ? now : nil
        if status.state == .playing, !current.announced {
            current.announced = true
            actions.append((.nowPlaying, current))
        }
        play = current
        return actions
    }

    /// Seconds until the current play becomes a scrobble, while it plays; nil otherwise.
    func secondsUntilScrobble(now: Double) -> Double? {
        guard let play, !play.scrobbled, let since = play.playingSince, let needed = threshold(play) else { return nil }
        return max(0, needed - play.heard - (now - since))
    }

    /// The current play once it has been heard long enough (once per play).
    mutating func due(now: Double) -> Play? {
        guard let wait = secondsUntilScrobble(now: now), wait <= 0, var current = play else { return nil }
        current.scrobbled = true
        play = current
        return current
    }

    /// Adds the time played since the last event to the current play.
    private mutating func settle(_ now: Double) {
        guard var current = play, let since = current.playingSince else { return }
        current.heard += max(0, now - since)
        current.playingSince = now
        play = current
    }
}
