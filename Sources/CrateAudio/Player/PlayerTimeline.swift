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
    /// Why playback waits for the device to come back (see OutputRecovery), if it does.
    var lost: String?
    var lostAfterOpening = false
    var output: OutputStatus
}

/// What observers were last told, so only real changes become events.
struct ReportedState {
    var state: PlaybackState = .idle
    var trackIndex: Int?
    var underruns = 0
    var deviceRate = 0
    var sinkProblem: Int32 = 0
}

extension PublishedState {
    /// Paused only once the writer has faded out and the device has played what it held:
    /// until then the music is still being heard and the position still moves.
    func state(consumed: Int, starved: Bool, pausedAck: Bool) -> PlaybackState {
        if let fatal { return .error(fatal) }
        // The writer is gone with the device: held where the sound stopped.
        if lost != nil { return mode == .stopped ? .idle : .paused }
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
        self.output.describe(control.sinkReport, &output)
        if let lost = snapshot.lost {
            output.message = lost
            output.waitingForDevice = true
            output.deviceLost = snapshot.lostAfterOpening
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
            box.lost = lost?.message
            box.lostAfterOpening = lost?.afterOpening ?? false
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
            stateWaiters.wake()
        }
        if underruns != reported.underruns {
            logger.warning("audio underrun (\(underruns) since start); recovered")
            reported.underruns = underruns
            emit(.output, "underrun recovered (\(underruns) in total)")
        }
        let report = control.sinkReport
        if rate != reported.deviceRate, rate > 0 {
            reported.deviceRate = rate
            var described = output.status
            output.describe(report, &described)
            let format = described.sampleFormat ?? "?"
            logger.info("audio output configured: \(rate) Hz source, \(described.sampleRate ?? rate) Hz, 2 channels, \(format)")
            if let conversion = described.conversion { logger.warning("audio output not bit-perfect: \(conversion)") }
            emit(.output, "device configured for \(rate) Hz")
        }
        if report.problem != reported.sinkProblem {
            // The sink retries by itself: say when trouble starts and when it is over.
            var described = output.status
            output.describe(report, &described)
            if report.problem != 0, let message = described.message {
                logger.error("\(message)")
                emit(.output, message)
            } else if report.problem == 0 {
                logger.notice("\(output.status.device): delivering again")
                emit(.output, "\(output.status.device): delivering again")
            }
            reported.sinkProblem = report.problem
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
