/// One track of what is loaded in the player, as the audio engine sees it.
public struct TrackStatus: Sendable, Equatable, Codable {
    public var path: String
    /// Exact gapless length in seconds, once the file has been opened.
    public var duration: Double?
    /// Why this track could not be played (or was cut short), if it was not.
    public var error: String?
    /// The track's title, when it plays as part of a library album (filled in by the
    /// daemon's router: the engine knows files, not titles). Plex tracks have no file name
    /// worth showing, so `status` shows this instead.
    public var title: String?
    /// Its album, "Artist — Album", filled in with `title`.
    public var album: String?

    public init(path: String, duration: Double? = nil, error: String? = nil) {
        self.path = path
        self.duration = duration
        self.error = error
    }
}

/// The audio output, as `status` reports it.
/// What kind of sink the player writes to.
public enum OutputKind: String, Sendable, Equatable, Codable {
    /// An ALSA PCM: a sound card, or a PCM of the ALSA configuration.
    case alsa
    /// A snapserver's TCP stream (every room).
    case snapcast
    /// Nowhere: the fallback when the box has no sound card.
    case null
}

public struct OutputStatus: Sendable, Equatable, Codable {
    /// The ALSA PCM name in use ("null" for the fallback sink), or `snapcast tcp://host:port`.
    public var device: String
    /// The kind of sink `device` names (nil from a daemon older than this field).
    public var kind: OutputKind?
    /// True when no card was available and audio goes nowhere.
    public var isFallback: Bool
    /// Why the configured device is not in use or failed, if it is not.
    public var message: String?
    /// Output format of the device, when configured.
    public var sampleRate: Int?
    public var channels: Int?
    /// ALSA sample format in use, e.g. "S16_LE".
    public var sampleFormat: String?
    /// Set when the device cannot carry every bit of the source ("24-bit source played
    /// as S16_LE: the device takes nothing deeper"); nil while the path is bit-perfect.
    public var conversion: String?
    /// Whether the writer thread got SCHED_FIFO, and at what priority.
    public var realtime: Bool
    public var rtPriority: Int
    /// Why the writer is not fully real-time (SCHED_FIFO refused, buffer not locked in RAM).
    public var realtimeMessage: String?
    /// False when the audio buffer could not be locked in RAM (mlock refused: the writer
    /// may wait on a page); nil before a writer started.
    public var bufferLocked: Bool?
    /// Buffer underruns recovered since start.
    public var underruns: Int
    /// The device failed while playing and crated is waiting for it to come back (a USB
    /// DAC unplugged): playback holds paused where the sound stopped. Nil otherwise.
    public var waitingForDevice: Bool?
    /// With `waitingForDevice`: true when the device failed while in use (unplugged),
    /// false when it has been missing since the start (a DAC switched on late).
    public var deviceLost: Bool?

    public init(
        device: String, kind: OutputKind? = nil, isFallback: Bool, message: String? = nil, sampleRate: Int? = nil,
        channels: Int? = nil, sampleFormat: String? = nil, realtime: Bool, rtPriority: Int, realtimeMessage: String? = nil,
        underruns: Int
    ) {
        self.device = device
        self.kind = kind
        self.isFallback = isFallback
        self.message = message
        self.sampleRate = sampleRate
        self.channels = channels
        self.sampleFormat = sampleFormat
        self.realtime = realtime
        self.rtPriority = rtPriority
        self.realtimeMessage = realtimeMessage
        self.underruns = underruns
    }
}

/// A snapshot of the player: what is loaded, where it is, and how the output is doing.
public struct PlayerStatus: Sendable, Equatable, Codable {
    public var state: PlaybackState
    public var tracks: [TrackStatus]
    /// Index into `tracks` of the track under the play head, if any.
    public var currentIndex: Int?
    /// Seconds into the current track.
    public var position: Double
    /// Sample rate and channel count of the current track's source.
    public var sourceRate: Int?
    public var sourceChannels: Int?
    /// Bit depth and codec of the current track's source ("FLAC", 24).
    public var sourceBits: Int?
    public var sourceCodec: String?
    /// ReplayGain applied to the current track, in dB; nil when it plays bit-perfect.
    public var replayGain: Double?
    public var output: OutputStatus

    public init(
        state: PlaybackState, tracks: [TrackStatus], currentIndex: Int?, position: Double,
        sourceRate: Int?, sourceChannels: Int?, sourceBits: Int? = nil, sourceCodec: String? = nil,
        replayGain: Double? = nil, output: OutputStatus
    ) {
        self.replayGain = replayGain
        self.sourceBits = sourceBits
        self.sourceCodec = sourceCodec
        self.state = state
        self.tracks = tracks
        self.currentIndex = currentIndex
        self.position = position
        self.sourceRate = sourceRate
        self.sourceChannels = sourceChannels
        self.output = output
    }

    public var currentTrack: TrackStatus? {
        guard let i = currentIndex, tracks.indices.contains(i) else { return nil }
        return tracks[i]
    }
}
