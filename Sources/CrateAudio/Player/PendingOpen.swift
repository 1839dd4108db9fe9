import CrateCore
import CrateFormats
import Glibc

/// A track the engine cannot open yet, and goes on serving commands meanwhile:
/// - a streamed track whose first bytes have not arrived (making its decoder would wait
///   for the format headers, an MP4's moov): `status` says buffering, and the decoder is
///   made once the stream has enough, has ended, or has failed (after `stall_timeout`);
/// - a local file that is gone from its place (a tag editor or a re-rip renamed the
///   album's folder while it played): the observer is told (`trackMissing`), and the track
///   opens at its new place once the resolver knows it, or fails as before when only
///   `missingFileMargin` of audio is left in the ring.
struct PendingOpen {
    enum Awaited {
        case stream(StreamByteSource)
        case missingFile(reason: String)
    }
    var awaited: Awaited
    var index: Int
    var offsetFrames: Int
    var offsetSeconds: Double
}

extension PlayerEngine {
    /// Seconds of audio left in the ring at which a missing file stops being waited for:
    /// the next track still opens and decodes before the ring runs dry.
    static let missingFileMargin = 1.0

    /// Enters `stream` as the track being opened, with a placeholder run in the timeline
    /// so `status` shows it (buffering) and next/previous/seek act on it.
    func awaitStream(_ stream: StreamByteSource, index: Int, offsetFrames: Int, offsetSeconds: Double) {
        awaitOpen(PendingOpen(awaited: .stream(stream), index: index, offsetFrames: offsetFrames,
                              offsetSeconds: offsetSeconds))
    }

    /// When the track at `index` failed to open because its local file is gone, and the
    /// ring holds more than the margin: waits for the file to be found again. True when
    /// the track is now pending.
    func awaitMissingFile(index: Int, offsetFrames: Int, offsetSeconds: Double, reason: String) -> Bool {
        let path = tracks[index].path
        guard mode != .stopped, !isResolved(path), bufferedSeconds() > Self.missingFileMargin,
              Self.isGone(path) else { return false }
        logger.warning("track \(index + 1) (\(path)): the file is gone; waiting while the buffer lasts for the library to find it again")
        awaitOpen(PendingOpen(awaited: .missingFile(reason: reason), index: index, offsetFrames: offsetFrames,
                              offsetSeconds: offsetSeconds))
        emit(.trackMissing, path)
        return true
    }

    /// No file at `path` (ENOENT), as after its folder was renamed; not unreadable.
    static func isGone(_ path: String) -> Bool {
        access(path, F_OK) != 0 && errno == ENOENT
    }

    private func awaitOpen(_ open: PendingOpen) {
        pending = open
        decoder = nil
        decodeIndex = open.index
        decodedFrames = open.offsetFrames
        segments.append(Segment(startFrame: ring.written, trackIndex: open.index, offsetFrames: 0, sampleRate: 44100,
                                sourceChannels: 2, bitsPerSample: 0, codec: "", gainDecibels: nil))
        control.writerWake.post()
    }

    /// Seconds of audio decoded and not yet played, at the rate of the last real run.
    private func bufferedSeconds() -> Double {
        guard let rate = segments.last(where: { !$0.isPlaceholder })?.sampleRate, rate > 0 else { return 0 }
        return Double(ring.fill) / Double(rate)
    }

    /// Opens the pending track once it can be opened without waiting. False while it is
    /// still awaited (nothing to decode yet).
    func completePendingOpen() -> Bool {
        guard let open = pending else { return true }
        switch open.awaited {
        case .stream(let stream):
            guard stream.isReadyToOpen else { return false }
            pending = nil
            let path = tracks[open.index].path
            do {
                let opened = try FormatRegistry.makeDecoder(source: stream, path: path)
                try start(opened, file: nil, index: open.index, offsetFrames: open.offsetFrames,
                          offsetSeconds: open.offsetSeconds)
            } catch {
                giveUp(open, reason: error.reason)
            }
        case .missingFile(let reason):
            if isResolved(tracks[open.index].path) {
                pending = nil
                dropPlaceholder()
                logger.info("track \(open.index + 1) found again at its new place")
                if !openTrack(from: open.index, offsetFrames: open.offsetFrames, offsetSeconds: open.offsetSeconds,
                              awaitingMissing: false) {
                    reachedEndOfList()
                }
            } else if mode == .playing, bufferedSeconds() <= Self.missingFileMargin {
                giveUp(open, reason: reason)
            } else {
                return false
            }
        }
        return pending == nil
    }

    private func giveUp(_ open: PendingOpen, reason: String) {
        pending = nil
        dropPlaceholder()
        trackFailed(open.index, reason)
        advanceTrack()
        failIfNothingPlayable()
    }

    private func dropPlaceholder() {
        if let last = segments.last, last.isPlaceholder { segments.removeLast() }
    }

    /// Every track of the list failed, and nothing more is on its way: an error, not idle.
    func failIfNothingPlayable() {
        guard decoder == nil, pending == nil, !more.awaiting, !tracks.contains(where: { $0.error == nil }) else { return }
        let message = "no playable tracks (\(tracks.count) tried; see status for each)"
        logger.error("\(message)")
        fatal = message
        setMode(.stopped)
    }
}
