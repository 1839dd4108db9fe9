import CrateCore
import CrateFormats

/// Decoding ahead: fills the ring track after track, so the next track's first frame
/// follows the previous track's last frame with nothing in between (gapless).
extension PlayerEngine {
    /// Frames decoded per step; between steps the engine looks at its mailbox.
    static let decodeChunk = 4096

    /// Decodes while the ring has room. Returns true when it stopped early for a command.
    func decodeAhead(interrupted: () -> Bool) -> Bool {
        guard completePendingOpen() else { return false }
        while let current = decoder {
            let (pointer, room) = ring.writableRegion()
            guard room > 0 else { break }
            let frames: Int
            do {
                frames = try current.read(into: pointer, maxFrames: min(room, Self.decodeChunk))
            } catch {
                trackFailed(decodeIndex, error.reason)
                advanceTrack()
                continue
            }
            if frames == 0 {
                if current.waiting { break }  // the stream has not delivered yet: buffering
                finishTrack(current)
                advanceTrack()
                continue
            }
            gain?.apply(pointer, frames: frames)
            ring.commitWrite(frames)
            decodedFrames += frames
            // Wake the writer only when it is waiting for data: every wake cuts its wait
            // for the device short, and a wake per chunk would have it write ahead of time.
            if control.starved.load(ordering: .acquiring) { control.writerWake.post() }
            if interrupted() { return true }
        }
        probeNextUnknownTrack()
        return false
    }

    /// Opens the first playable track at or after `index`, seeked to `offsetFrames`, and
    /// announces it in the timeline. False when no track from `index` on can be played.
    /// A track whose file is gone may be waited for (PendingOpen), unless it already was.
    func openTrack(from index: Int, offsetFrames: Int, offsetSeconds: Double = 0, awaitingMissing: Bool = true) -> Bool {
        var index = index
        var offset = offsetFrames
        var seconds = offsetSeconds
        while index < tracks.count {
            do {
                let (bytes, file) = try openSource(tracks[index].path)
                if let stream = bytes as? StreamByteSource, !stream.isReadyToOpen {
                    awaitStream(stream, index: index, offsetFrames: offset, offsetSeconds: seconds)
                    return true
                }
                let opened = try FormatRegistry.makeDecoder(source: bytes, path: tracks[index].path)
                try start(opened, file: file, index: index, offsetFrames: offset, offsetSeconds: seconds)
                return true
            } catch {
                if awaitingMissing, awaitMissingFile(index: index, offsetFrames: offset, offsetSeconds: seconds,
                                                     reason: error.reason) {
                    return true
                }
                trackFailed(index, error.reason)
                index += 1
                offset = 0
                seconds = 0
            }
        }
        return false
    }

    /// Makes `opened` the track being decoded: seeked, its format announced to the writer
    /// at the ring's current end, its run entered in the timeline.
    func start(_ opened: any TrackDecoder, file: String?, index: Int, offsetFrames: Int,
               offsetSeconds seconds: Double) throws(DecodeError) {
        let rate = opened.format.sampleRate
        var offset = offsetFrames
        if seconds > 0 {
            // Clamped inside the track: a saved position past a shortened file starts its last second.
            offset = min(Int((seconds * Double(rate)).rounded()), max(0, opened.totalFrames - rate))
        }
        if offset > 0 { try opened.seek(toFrame: offset) }
        tracks[index].duration = Double(opened.totalFrames) / Double(rate)
        gain = gainStage(file: file, bits: opened.format.bitsPerSample)
        let change = FormatChange(atFrame: ring.written, sampleRate: rate, bitsPerSample: opened.format.bitsPerSample)
        while !formats.push(change) { control.engineWake.wait(seconds: 0.01) }
        // A stream's placeholder run (see `awaitStream`) gives way to the real one.
        if let last = segments.last, last.isPlaceholder, last.trackIndex == index { segments.removeLast() }
        segments.append(Segment(startFrame: ring.written, trackIndex: index, offsetFrames: offset, sampleRate: rate,
                                sourceChannels: opened.format.channels, bitsPerSample: opened.format.bitsPerSample,
                                codec: opened.codec, gainDecibels: gain?.decibels))
        decoder = opened
        decodeIndex = index
        decodedFrames = offset
        more.fruitlessRounds = 0
        control.writerWake.post()
    }

    /// On to the next track; at the end of the list, to what the continuation offers
    /// (the next album), so its first track is decoded while this one is still heard.
    func advanceTrack() {
        decoder = nil
        if openTrack(from: decodeIndex + 1, offsetFrames: 0) { return }
        reachedEndOfList()
    }

    /// Everything is decoded: the writer stops when it reaches this frame.
    func endOfTracks() {
        decoder = nil
        control.endOfStream.store(ring.written, ordering: .releasing)
        control.writerWake.post()
    }

    /// A track that ended short of its tagged length was cut off (truncated download), or,
    /// when the file holds every byte its header declares, is damaged inside.
    private func finishTrack(_ finished: any TrackDecoder) {
        let missing = finished.totalFrames - decodedFrames
        if finished.lengthIsExact && missing > 1152 {
            let had = formatSeconds(Double(decodedFrames) / Double(finished.format.sampleRate))
            let expected = formatSeconds(Double(finished.totalFrames) / Double(finished.format.sampleRate))
            if finished.bytesAreWhole == true {
                // Every byte is there: the data itself is bad (bit rot, a bad copy).
                trackFailed(decodeIndex, "damaged: only \(had) of \(expected) could be decoded; the file is "
                            + "complete but part of its audio data is corrupt")
            } else {
                trackFailed(decodeIndex, "truncated: only \(had) of \(expected) could be decoded")
            }
        } else if decodedFrames == 0 {
            trackFailed(decodeIndex, "no audio could be decoded")
        }
    }

    /// Records why a track cannot play. A track probed ahead and found bad fails again
    /// when it is reached: observers hear of the same failure once.
    func trackFailed(_ index: Int, _ reason: String) {
        let known = tracks[index].error == reason
        tracks[index].error = reason
        guard !known else { return }
        logger.error("track \(index + 1) (\(tracks[index].path)): \(reason)")
        emit(.trackError, "track \(index + 1): \(tracks[index].path): \(reason)")
    }

    /// With the ring full, learn one more track's exact length for `status`.
    private func probeNextUnknownTrack() {
        guard mode != .stopped,
              let index = tracks.indices.first(where: { $0 > decodeIndex && tracks[$0].duration == nil && tracks[$0].error == nil }),
              !isResolved(tracks[index].path)
        else { return }
        do {
            let stream = try FormatRegistry.readMetadata(path: tracks[index].path).stream
            tracks[index].duration = stream.durationSeconds
        } catch {
            // A file gone from its place may be found again (a renamed folder): it is
            // judged when reached. Anything else is recorded now so `status` shows it; the
            // track is skipped when reached.
            guard !Self.isGone(tracks[index].path) else { return }
            trackFailed(index, error.reason)
        }
    }

    /// Reads what the writer reported: the end of the stream, a failed device.
    func observeWriter() {
        let end = control.endOfStream.load(ordering: .acquiring)
        if mode != .stopped, end >= 0, control.endedAt.load(ordering: .acquiring) == end {
            logger.info("end of the list reached")
            segments.removeAll()
            setMode(.stopped)
        }
        adoptReopenedSink()
        let code = control.deviceError.load(ordering: .acquiring)
        if code != 0, lost == nil, control.deviceLost.load(ordering: .relaxed), output.reopen != nil {
            outputLost(code)
        } else if code != 0, lost == nil, fatal == nil {
            let message = AudioError.deviceLost(device: output.status.device, reason: alsaErrorString(code)).userMessage
            logger.error("\(message)")
            fatal = message
            setMode(.stopped)
        }
    }
}
