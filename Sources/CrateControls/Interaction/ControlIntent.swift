import CrateCore

/// What the user meant, in the product's words: the interaction model's output, carried
/// out by the daemon's router. Nothing here knows how albums or audio work.
public enum ControlIntent: Sendable, Equatable {
    case togglePlay
    case nextTrack, previousTrack
    case nextAlbum, previousAlbum
    /// The like button about the album playing (on the now-playing screen).
    case like, dislike
    /// The like button with an album in view instead: `album` is the track list's, nil
    /// the one under the knob in browse. The screen stays where it is.
    case likeInView(album: Int64?), dislikeInView(album: Int64?)
    /// Knob turned while browsing: move the crate cursor by this many albums. `entering`
    /// is set on the first turn from now-playing: the cursor starts at the album playing.
    case browse(by: Int, entering: Bool)
    /// Knob pressed while browsing: play the album under the knob from track 1.
    case playBrowsed
    /// The genre button: the next crate of Crate → each super-genre → Crate.
    case cycleGenre
    /// Dial mode shows this position (0…4), not yet confirmed.
    case previewDial(Int)
    /// Dial confirmed: weight the Crate Wall by this position and regenerate it.
    case confirmDial(Int)
    /// Mixer change in steps (of `[controls] volume_step` percent).
    case volume(by: Int)
    /// Back to the now-playing screen (idle timeout, dial cancelled).
    case showNowPlaying
    /// The crate menu is open on `row` (0-based) of `count` rows of the list `title`.
    case showCrateMenu(title: String, row: Int, count: Int, name: String)
    /// A crate picked in the menu: make it current and browse it.
    case enterCrate(CrateMenu.Choice, fromBrowse: Bool)
    /// The artist's albums, oldest first, of the album under the knob (from browse) or
    /// playing; browse them.
    case moreByArtist(fromBrowse: Bool)
    /// The track list of `album` is on `row` (0-based) of `count`.
    case showTrack(album: Int64, row: Int, count: Int)
    /// Play the album from this track (0-based); it goes on in order from there.
    case playTrack(album: Int64, index: Int)
    /// A genre marked (or unmarked) for a blend in the crate menu; `count` are marked now.
    case markForBlend(name: String, marked: Bool, count: Int)
    /// The sleep timer set (or turned off) from the crate menu.
    case sleep(SleepSetting)
    /// An album opened from browse: "Play next" (`next`) or "Play later" pressed.
    case enqueueAlbum(Int64, next: Bool)
    /// The track list's last row of a Plex album: keep it offline, or let it go.
    case keepOffline(album: Int64, keep: Bool)
}
