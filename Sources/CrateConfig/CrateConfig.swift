/// The daemon's configuration, as read from `crate.toml`. Every field has a default,
/// so an empty file (or none) is a working configuration.
public struct CrateConfig: Sendable, Equatable {
    public static let defaultPath = "/etc/crate/crate.toml"

    /// Where the SQLite database, downloads and artwork live. TOML: `state_dir`.
    public var stateDir: String = "/var/lib/crate"
    public var control = Control()
    public var audio = Audio()
    public var library = Library()
    public var crate = Crate()
    public var playback = Playback()
    public var log = Log()
    public var controls = Controls()
    public var display = Display()
    public var plex = Plex()
    public var mpd = MPD()
    public var web = Web()
    public var snapcast = Snapcast()
    public var lastfm = LastFM()

    public init() {}

    public struct Control: Sendable, Equatable {
        /// The Unix socket crate-admin talks to. TOML: `[control] socket`.
        public var socket: String = "/run/crate/crate.sock"
        /// Permission bits of the socket (group `crate` may administer), 0…0o777.
        /// TOML: `[control] socket_mode`, written in octal (`0o660`).
        public var socketMode: Int = 0o660
        /// How many clients may be connected at once; one more is told so and closed.
        /// Bounds the descriptors and memory clients can take from playback.
        /// TOML: `[control] max_clients`, 1…1000.
        public var maxClients: Int = 64
        /// Seconds a client has to send a whole request line (from connecting, or from
        /// its previous reply) before it is dropped. Event subscribers are exempt.
        /// TOML: `[control] request_timeout`, 1…3600.
        public var requestTimeout: Int = 30
        /// The longest socket path a Unix socket address holds (`sun_path` is 108 bytes
        /// with its terminating NUL).
        public static let maxSocketPathBytes = 107
        public init() {}
    }

    public struct Audio: Sendable, Equatable {
        /// How the writer learns when the device has played a buffer.
        public enum Pacing: String, Sendable, Equatable, CaseIterable {
            /// The device blocks writes at its own rate (a real card, JACK).
            case device
            /// The monotonic clock paces writes: for sinks with no clock (`null`, `file:`).
            case clock
        }

        /// ALSA PCM name (`hw:1,0`, `plughw:…`, `default`, `file:FILE=…,FORMAT=raw`, `null`).
        /// nil = not configured: try `default`, and fall back to a null sink when there is no card.
        /// TOML: `[audio] device`; an empty string is refused.
        public var device: String? = nil
        /// SCHED_FIFO priority of the writer thread, 1…99. TOML: `[audio] rt_priority`.
        public var rtPriority: Int = 40
        /// ALSA period size in frames, 64…65536. TOML: `[audio] period_frames`.
        public var periodFrames: Int = 1024
        /// Periods in the device buffer, 2…64. TOML: `[audio] periods`.
        public var periods: Int = 4
        /// Seconds of decoded PCM held ahead of the device, 0.5…30.
        /// TOML: `[audio] buffer_seconds` (a float or an integer).
        public var bufferSeconds: Double = 2.0
        /// Sample format sent to the device. `auto` takes the first of S16_LE, S32_LE,
        /// S24_3LE that the device accepts and that holds every bit of the source (16-bit
        /// sources in S16_LE, 24-bit ones in S32_LE or S24_3LE), so the path is bit-perfect.
        /// TOML: `[audio] sample_format`, one of `sampleFormats`.
        public var sampleFormat: String = "auto"
        public static let sampleFormats = ["auto", "S16_LE", "S32_LE", "S24_3LE"]
        /// ReplayGain: `off` (bit-perfect, the default), `album` or `track` gain from the
        /// files' tags, with peak protection and TPDF dither. TOML: `[audio] replaygain`.
        public var replayGain: String = "off"
        public static let replayGainModes = ["off", "album", "track"]
        /// nil = `clock` for `null` and `file:` devices, `device` otherwise (see `effectivePacing`).
        /// TOML: `[audio] pacing`, `"device"` or `"clock"`.
        public var pacing: Pacing? = nil
        /// The ALSA mixer control the volume buttons or encoder drive (`PCM`, `Master`,
        /// `Digital`); nil = no volume control, the amplifier sets the volume.
        /// TOML: `[audio] mixer_control`.
        public var mixerControl: String? = nil
        /// The mixer's card: nil = the card of `device` (`hw:1,0` → `hw:1`), else `default`.
        /// TOML: `[audio] mixer_device`.
        public var mixerDevice: String? = nil
        public init() {}

        /// The mixer device to open for `mixerControl`.
        public var effectiveMixerDevice: String {
            if let mixerDevice { return mixerDevice }
            guard let device else { return "default" }
            for prefix in ["hw:", "plughw:"] where device.hasPrefix(prefix) {
                let card = device.dropFirst(prefix.count).prefix { $0 != "," }
                if !card.isEmpty { return "hw:" + card }
            }
            return "default"
        }
    }

    public struct Library: Sendable, Equatable {
        /// Folders scanned for MP3s, as written (relative paths are not resolved).
        /// TOML: `[library] paths`, an array of non-empty strings.
        public var paths: [String] = []
        /// Whether the folders are watched (inotify) and rescanned on change. TOML: `[library] watch`.
        public var watch: Bool = true
        /// Seconds without a change (and with no file still open for writing) before a
        /// watched change is scanned: an album being copied is scanned once, whole.
        /// TOML: `[library] settle_seconds`, 1…3600.
        public var settleSeconds: Int = 10
        /// Seconds between rescans when not every folder can be watched (the inotify watch
        /// limit); 0 = never. TOML: `[library] rescan_seconds`, 0…86400.
        public var rescanSeconds: Int = 900
        public init() {}
    }

    public struct Crate: Sendable, Equatable {
        /// Albums in a generated crate, 1…500. TOML: `[crate] size`.
        public var size: Int = 24
        /// The CDs wallet: a text file of album paths or `Artist - Album` lines.
        /// TOML: `[crate] wallet`; nil = no wallet.
        public var wallet: String? = nil
        public init() {}
    }

    public struct Playback: Sendable, Equatable {
        /// After a restart or power cut: play on from the saved position (true), or wait
        /// there paused for a press (false). TOML: `[playback] resume_on_boot`.
        public var resumeOnBoot: Bool = false
        /// Seconds between position saves while playing (state changes always save).
        /// TOML: `[playback] save_interval`, 5…600.
        public var saveInterval: Int = 30
        /// How long the sleep timer's fade lasts before the pause, in seconds.
        /// TOML: `[playback] sleep_fade_seconds`, 0.5…60.
        public var sleepFadeSeconds: Double = 8
        /// How long a sleep timer's minute is, in seconds. TOML: `[playback]
        /// sleep_minute_seconds`, 0.5…60; lowered only by tests, which cannot wait 15 minutes.
        public var sleepMinuteSeconds: Double = 60
        public init() {}
    }

    public struct Display: Sendable, Equatable {
        /// The panel's framebuffer (`/dev/fb1` for an SPI TFT, `/dev/fb0` for HDMI);
        /// nil = no panel: the screens are still drawn off-screen for snapshots.
        /// TOML: `[display] device`.
        public var device: String? = nil
        /// Size of the off-screen display when there is no panel (a panel's own size wins).
        /// TOML: `width`, `height`, 64…1920.
        public var width: Int = 320
        public var height: Int = 240
        /// How the panel is mounted: 0, 90, 180 or 270 degrees clockwise. TOML: `rotation`.
        public var rotation: Int = 0
        /// Seconds without input before the panel dims; 0 = never. TOML: `dim_after`.
        public var dimAfter: Int = 60
        /// Seconds without input, and nothing playing, before the panel goes dark;
        /// 0 = never. TOML: `blank_after`.
        public var blankAfter: Int = 600
        /// Where the PSF console fonts are. TOML: `fonts`.
        public var fonts: String = "/usr/share/consolefonts"
        /// Most megabytes of covers kept on disk (`state_dir/artwork`, local and Plex
        /// alike); the least recently used leave first. TOML: `artwork_cache_mb`, 1…65536.
        public var artworkCacheMB: Int = 64
        public init() {}
    }

    public struct Plex: Sendable, Equatable {
        /// plex.tv's address (sign-in and the server list). TOML: `[plex] tv_url`.
        public var tvURL: String = "https://plex.tv"
        /// Use this server address instead of the ones plex.tv lists. TOML: `server_url`.
        public var serverURL: String? = nil
        /// Items per list request, 100…500. TOML: `page_size`.
        public var pageSize: Int = 300
        /// Minutes between background syncs; 0 = only `crate-admin plex sync`. TOML: `sync_interval`.
        public var syncInterval: Int = 60
        /// Megabytes of Plex tracks kept on the box for offline play. TOML: `cache_mb`.
        public var cacheMB: Int = 4096
        /// The rating (0…10, 10 = five stars) a dislike is written back as. TOML: `dislike_rating`.
        public var dislikeRating: Int = 2
        /// The Plex audio playlist that is the CDs wallet. TOML: `wallet_playlist`.
        public var walletPlaylist: String = "CDs"
        /// Albums of the queue and crate fetched ahead of play, 0…10. TOML: `download_ahead`.
        public var downloadAhead: Int = 2
        /// Seconds a stream may stay silent (server or network gone) before its track
        /// fails, 2…300. TOML: `stall_timeout`.
        public var stallTimeout: Int = 20
        /// The shrink guard: a sync whose listing has lost more than this percentage of the
        /// server's albums (and more than 20 of them) since the last is held back, not
        /// applied; 0…100, 100 = off. TOML: `max_shrink_percent`.
        public var maxShrinkPercent: Int = 25
        public init() {}
    }

    public struct Log: Sendable, Equatable {
        /// trace, debug, info, notice, warning, error, critical (`CrateConfig.logLevels`).
        /// TOML: `[log] level`.
        public var level: String = "info"
        public init() {}
    }
}
