import CrateControls
import CrateCore
import CrateLibrary

/// What a front end asks of the router. The control socket decodes its JSON requests into
/// these once, at its edge, and MPD and the knob build them directly: the router sees typed
/// intents whose arguments are already there, never a request with optional fields.
public enum Command: Sendable, Equatable {
    case ping
    case status
    /// The player's status alone, as the engine reports it: what MPD asks for on most of its
    /// commands, without the warnings, crate and rooms `status` gathers.
    case playerStatus
    case play(PlayTarget)
    case pause
    case resume
    case toggle
    case nextTrack
    case previousTrack
    /// Stops, keeping the album (a later `play(.stoppedAlbum)` takes it up again).
    case stop
    /// Seconds from the start of the current track.
    case seek(Double)
    /// A library scan; `full` reads every file again, not only new and changed ones.
    case scan(full: Bool)
    case libraryStats
    /// The library's albums, only a genre's (a super-genre or a sub-category) or an artist's.
    case albums(genre: String?, artist: String?)
    case album(Int64)
    case artists
    case genres
    case crate(CrateRequest)
    case regenerateCrate
    /// Turns the dial to a position (nil: shows the crate as it is).
    case dial(DialPosition?)
    /// Likes, dislikes or takes back an opinion of an album (nil: the one playing).
    case opinion(AlbumOpinion, album: Int64?)
    case queue
    /// Queues an album by hand, last or next.
    case enqueue(Int64, next: Bool)
    /// The hand queue read or edited the way MPD clients edit it, a whole album at a time.
    case handQueue(HandQueueRequest)
    case nextAlbum
    case previousAlbum
    case history
    case diagnostics
    /// A gesture injected into the controls, as a button or the knob would make it.
    case input(ControlsService.Injection)
    case displaySnapshot
    case plex(PlexRequest)
    /// user.sqlite copied to, or taken back from, an absolute file path.
    case backup(to: String)
    case restore(from: String)
    case lastfm(LastFMRequest)
    case sleep(SleepSetting)
    case nowPlaying(withCover: Bool)
    case cover(album: Int64, size: CoverSize)
    /// The mixer's level in percent (`Answer.volume(nil)` with no mixer configured).
    case volume
    /// Moves the mixer's level by `percent` of its range (clamped); refused with no mixer.
    case changeVolume(byPercent: Int)

    /// What to play.
    public enum PlayTarget: Sendable, Equatable {
        /// A library album, from its track `track` (1-based; nil: the first); `paused`
        /// loads it paused there, to play on `toggle`.
        case album(Int64, track: Int?, paused: Bool = false)
        /// Files, or one folder whose audio files form an album, outside the library.
        case files([String])
        /// The album a stop kept, from the start of its track.
        case stoppedAlbum
        /// A library album from its track at the 0-based `index`, `seconds` into it: an MPD
        /// song, whose catalog already knows the album and the track's place in it.
        case song(album: Int64, index: Int, seconds: Double)
    }

    /// The hand queue: the album playing and the albums queued by hand after it.
    public enum HandQueueRequest: Sendable, Equatable {
        /// The queue now, with the album under the player's track `playerIndex`.
        case show(playerIndex: Int?)
        /// Queues each album last unless it is playing or waiting already. `knownPlayable`:
        /// albums the caller knows can play (local, on a reachable drive), not looked up again.
        case append([Int64], knownPlayable: Set<Int64>)
        /// Takes a waiting album out.
        case remove(Int64)
        /// Takes every waiting album out; the album playing plays on.
        case clear
        /// Moves waiting albums, in their order, just after (`next`) or before `anchor`, the
        /// album playing counting as the front of the queue.
        case move([Int64], next: Bool, to: Int64)
    }

    /// Which crate to show.
    public enum CrateRequest: Sendable, Equatable {
        /// The crate as it is (made first when there is none).
        case current
        /// The knob's growth past the last album: a batch of albums not offered before.
        case grow
        /// The Crate Wall: the whole library, blended at the dial's weights.
        case wall
        case genres([String])
        case favorites
        case artist(String)
        case collection(String)
        case playlist(String)
        case wallet
    }

    public enum PlexRequest: Sendable, Equatable {
        case login
        case status
        case servers
        /// Picks the server by name or machine identifier, then syncs it.
        case use(String)
        /// `acceptShrink`: apply a listing far shorter than the library (the guard holds it back).
        case sync(acceptShrink: Bool)
        case logout
        case downloads
        case keep(KeepTarget)
        case unkeep(KeepTarget)
    }

    /// The albums a keep names: one, or a Plex collection's or playlist's.
    public enum KeepTarget: Sendable, Equatable {
        case album(Int64)
        case collection(String)
        case playlist(String)
    }

    public enum LastFMRequest: Sendable, Equatable {
        case login
        case status
        case logout
    }
}
