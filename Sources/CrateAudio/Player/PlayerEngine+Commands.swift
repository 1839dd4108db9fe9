import CrateCore

/// Commands, carried out on the engine thread.
extension PlayerEngine {
    /// Past this many seconds into a track, "previous" restarts the track.
    static let restartThreshold = 3.0

    func execute(_ command: PlayerCommand) -> Result<Void, PlayerError> {
        if case .ping = command { return .success(()) }
        if let lost { return lostCommand(command, lost) }
        guard hasWriter else { return .failure(PlayerError(fatal ?? "no audio output")) }
        switch command {
        case .play(let paths, let startIndex, let startSeconds, let paused):
            guard !paths.isEmpty else { return .failure(PlayerError("nothing to play: no files given")) }
            guard paths.indices.contains(startIndex) else {
                return .failure(PlayerError("no track \(startIndex + 1): only \(paths.count) given"))
            }
            flush()
            newList()
            tracks = paths.map { TrackStatus(path: $0) }
            if paused { setMode(.paused) }
            return begin(at: startIndex, offsetSeconds: startSeconds, keepPaused: paused)
        case .pause:
            guard mode == .playing else { return .failure(PlayerError("nothing is playing")) }
            setMode(.paused)
        case .resume:
            guard mode == .paused else { return .failure(PlayerError("not paused")) }
            setMode(.playing)
        case .toggle:
            switch mode {
            case .playing: setMode(.paused)
            case .paused: setMode(.playing)
            case .stopped:
                guard !tracks.isEmpty else { return .failure(PlayerError("nothing to play")) }
                flush()
                return begin(at: 0, offsetFrames: 0, keepPaused: false)
            }
        case .stop:
            flush()
            setMode(.stopped)
        case .next:
            guard let current = currentSegment()?.trackIndex else { return .failure(PlayerError("nothing is playing")) }
            flush()
            if current + 1 >= tracks.count {
                // Past the last track: on to what follows, if anything does. The answer
                // comes from crate-advance; this command is answered then (receiveAnswers).
                guard askForMore() else {
                    setMode(.stopped)
                    return .success(())
                }
                parkCommand = true
                return .success(())
            }
            return begin(at: current + 1, offsetFrames: 0)
        case .previous:
            guard let segment = currentSegment() else { return .failure(PlayerError("nothing is playing")) }
            let current = segment.trackIndex
            let restart = segment.seconds(at: heardFrame(flushPoint: flushPoint)) > Self.restartThreshold
            flush()
            return begin(at: restart ? current : max(0, current - 1), offsetFrames: 0)
        case .seek(let seconds):
            guard let segment = currentSegment() else { return .failure(PlayerError("nothing is playing")) }
            let current = segment.trackIndex
            guard seconds.isFinite, seconds >= 0 else { return .failure(PlayerError("seek position must be ≥ 0 s")) }
            if let duration = tracks[current].duration, seconds >= duration {
                return .failure(PlayerError("track \(current + 1) is only \(formatSeconds(duration)) long"))
            }
            flush()
            let result = begin(at: current, offsetFrames: Int((seconds * Double(segment.sampleRate)).rounded()))
            // One event that says what happened; the state events of the flush may follow.
            if case .success = result { emit(.seek, "track \(current + 1) at \(formatSeconds(seconds))") }
            return result
        case .ping:
            break
        }
        return .success(())
    }

    /// The run of the track being heard, or about to be.
    func currentSegment() -> Segment? {
        guard mode != .stopped else { return nil }
        return segments.segment(at: heardFrame(flushPoint: flushPoint))
    }

    func setMode(_ newMode: WriterControl.RunMode) {
        mode = newMode
        control.runMode.store(newMode.rawValue, ordering: .releasing)
        control.writerWake.post()
    }

    /// Starts decoding at `index` (skipping unplayable tracks) and sets the writer playing,
    /// unless `keepPaused` and it was paused: a seek or skip while paused stays paused.
    func begin(at index: Int, offsetFrames: Int = 0, offsetSeconds: Double = 0,
               keepPaused: Bool = true) -> Result<Void, PlayerError> {
        fatal = nil
        guard openTrack(from: index, offsetFrames: offsetFrames, offsetSeconds: offsetSeconds) else {
            endOfTracks()
            if !tracks.contains(where: { $0.error == nil }) {
                let message = "no playable tracks (\(tracks.count) tried; see status for each)"
                logger.error("\(message)")
                fatal = message
                setMode(.stopped)
                return .failure(PlayerError(message))
            }
            setMode(.stopped)
            return .success(())
        }
        setMode(keepPaused && mode == .paused ? .paused : .playing)
        return .success(())
    }

    /// Empties the ring and the device; returns once the writer has done so.
    func flush() {
        decoder = nil
        pending = nil
        more.awaiting = false
        segments.removeAll()
        // Readers of `status()` meanwhile (the events thread, the socket) must not map the
        // writer's new position onto the old timeline: nothing is under the play head
        // until the new one is published.
        let written = ring.written
        published.withLock { box in
            box.segments = []
            box.flushPoint = written
        }
        control.endOfStream.store(-1, ordering: .releasing)
        control.endedAt.store(-1, ordering: .releasing)
        let request = control.flushRequest.load(ordering: .relaxed) + 1
        control.flushRequest.store(request, ordering: .releasing)
        control.writerWake.post()
        // The writer answers within one device write; this bound only guards a hung driver.
        for _ in 0..<400 where control.flushAck.load(ordering: .acquiring) != request {
            control.engineWake.wait(seconds: 0.005)
        }
        if control.flushAck.load(ordering: .acquiring) != request {
            logger.error("audio writer did not acknowledge a flush; device may be hung")
            // Dropping our own view keeps the engine consistent; the writer catches up on its next turn.
        }
        flushPoint = ring.written
    }
}

/// m:ss, by hand: no formatter, no ICU.
func formatSeconds(_ seconds: Double) -> String {
    let total = Int(seconds.rounded(.down))
    let s = total % 60
    return "\(total / 60):\(s < 10 ? "0" : "")\(s)"
}
