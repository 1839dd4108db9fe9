import CrateCore

/// A run of one track in the ring's frame timeline: from `startFrame` on, the ring
/// holds track `trackIndex` starting `offsetFrames` into it, at `sampleRate`.
struct Segment: Equatable, Sendable {
    var startFrame: Int
    var trackIndex: Int
    var offsetFrames: Int
    var sampleRate: Int
    var sourceChannels: Int
    var bitsPerSample: Int
    var codec: String
    /// ReplayGain applied, in dB; nil when the track plays bit-perfect.
    var gainDecibels: Double?

    /// A stream's run before its format is known (see `PendingOpen`).
    var isPlaceholder: Bool { codec.isEmpty }

    /// Seconds into the track at ring frame `heard`.
    func seconds(at heard: Int) -> Double {
        Double(max(0, heard - startFrame) + offsetFrames) / Double(sampleRate)
    }
}

extension [Segment] {
    /// The segment under the play head `heard`, or the first one not yet reached.
    func segment(at heard: Int) -> Segment? {
        last(where: { $0.startFrame <= heard }) ?? first
    }
}

/// What the engine last published for other threads to read.
struct PublishedState: Sendable {
    var tracks: [TrackStatus] = []
    var segments: [Segment] = []
    var flushPoint = 0
    var mode = WriterControl.RunMode.stopped
    var fatal: String?
    var output: OutputStatus
}

/// What observers were last told, so only real changes become events.
struct ReportedState {
    var state: PlaybackState = .idle
    var trackIndex: Int?
    var underruns = 0
    var deviceRate = 0
}

extension PublishedState {
    /// Paused only once the writer has faded out and the device has played what it held:
    /// until then the music is still being heard and the position still moves.
    func state(consumed: Int, starved: Bool, pausedAck: Bool) -> PlaybackState {
        if let fatal { return .error(fatal) }
        switch mode {
        case .stopped: return .idle
        case .paused: return pausedAck || consumed <= flushPoint ? .paused : .playing
        case .playing: return consumed <= flushPoint || starved ? .buffering : .playing
        }
    }
}

extension PlayerEngine {
    /// The ring frame being heard now: consumed minus what the device still holds.
    func heardFrame(flushPoint: Int) -> Int {
        max(flushPoint, ring.consumed - control.deviceDelay.load(ordering: .relaxed))
    }

    func status() -> PlayerStatus {
        let snapshot = published.withLock { $0 }
        let heard = heardFrame(flushPoint: snapshot.flushPoint)
        let state = snapshot.state(consumed: ring.consumed, starved: control.starved.load(ordering: .relaxed),
                                      pausedAck: control.pausedAck.load(ordering: .acquiring))
        var output = snapshot.output
        output.underruns = control.underruns.load(ordering: .relaxed)
        let rate = control.deviceRate.load(ordering: .relaxed)
        output.sampleRate = rate > 0 ? rate : nil
        output.channels = rate > 0 ? 2 : nil
        output.sampleFormat = rate > 0
            ? DeviceSampleFormat.allCases[control.deviceFormat.load(ordering: .relaxed)].rawValue : nil
        let lost = control.deviceBitsLost.load(ordering: .relaxed)
        if rate > 0, lost > 0, let format = output.sampleFormat {
            output.conversion = "\(lost) of the source's bits dropped: the device takes nothing deeper than \(format)"
        }
        let idle = snapshot.mode == .stopped
        guard !idle, let segment = snapshot.segments.segment(at: heard) else {
            return PlayerStatus(state: state, tracks: snapshot.tracks, currentIndex: nil, position: 0,
                                sourceRate: nil, sourceChannels: nil, output: output)
        }
        return PlayerStatus(
            state: state, tracks: snapshot.tracks, currentIndex: segment.trackIndex,
            position: segment.isPlaceholder ? 0 : segment.seconds(at: heard),
            sourceRate: segment.isPlaceholder ? nil : segment.sampleRate,
            sourceChannels: segment.isPlaceholder ? nil : segment.sourceChannels,
            sourceBits: segment.isPlaceholder ? nil : segment.bitsPerSample,
            sourceCodec: segment.isPlaceholder ? nil : segment.codec,
            replayGain: segment.gainDecibels, output: output)
    }

    /// Copies engine state for other threads and turns differences into events.
    func publish() {
        let heard = heardFrame(flushPoint: flushPoint)
        // Segments already passed are history: keep only the one playing and those ahead.
        if let current = segments.lastIndex(where: { $0.startFrame <= heard }), current > 0 {
            segments.removeFirst(current)
        }
        let snapshot = published.withLock { box in
            box.tracks = tracks
            box.segments = segments
            box.flushPoint = flushPoint
            box.mode = mode
            box.fatal = fatal
            return box
        }
        let state = snapshot.state(consumed: ring.consumed, starved: control.starved.load(ordering: .relaxed),
                                      pausedAck: control.pausedAck.load(ordering: .acquiring))
        let track = mode == .stopped ? nil : segments.segment(at: heard)?.trackIndex
        let underruns = control.underruns.load(ordering: .relaxed)
        let rate = control.deviceRate.load(ordering: .relaxed)
        if track != reported.trackIndex {
            reported.trackIndex = track
            if let track { emit(.track, "track \(track + 1) of \(tracks.count): \(tracks[track].path)") }
        }
        if state != reported.state {
            reported.state = state
            emit(.state, nil)
        }
        if underruns != reported.underruns {
            logger.warning("audio underrun (\(underruns) since start); recovered")
            reported.underruns = underruns
            emit(.output, "underrun recovered (\(underruns) in total)")
        }
        if rate != reported.deviceRate, rate > 0 {
            reported.deviceRate = rate
            let format = DeviceSampleFormat.allCases[control.deviceFormat.load(ordering: .relaxed)].rawValue
            let lost = control.deviceBitsLost.load(ordering: .relaxed)
            logger.info("audio device configured: \(rate) Hz, 2 channels, \(format)")
            if lost > 0 { logger.warning("the device takes nothing deeper than \(format): \(lost) bits of the source are dropped") }
            emit(.output, "device configured for \(rate) Hz")
        }
    }

    /// How long the engine may sleep: until the next track boundary is heard, at most 1 s.
    func nextWakeInterval() -> Double {
        guard mode == .playing else { return 1.0 }
        let heard = heardFrame(flushPoint: flushPoint)
        guard let next = segments.first(where: { $0.startFrame > heard }) else { return 1.0 }
        return min(1.0, Double(next.startFrame - heard) / Double(next.sampleRate) + 0.002)
    }
}
