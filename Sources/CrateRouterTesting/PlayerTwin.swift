import CrateAudio
import CrateCore
import CrateRouter
import Synchronization

/// A stand-in for the audio engine, on a manual clock: it keeps a track list, a play head
/// and a state as `Player` does, asks for the continuation when the last track of its
/// list starts (the engine asks once the list is decoded, seconds before its end), and
/// tells its observer of each track change and state change. `advance(by:)` is time
/// passing; nothing happens between calls, so a test is exact and takes milliseconds.
public final class PlayerTwin: PlayerControl, @unchecked Sendable {
    // @unchecked: every field is behind `lock`; handlers are called outside it.
    private struct State {
        var tracks: [String] = []
        var index: Int?
        var position = 0.0
        var state = PlaybackState.idle
        var asked = false
        /// Indices the head has reached since the list was loaded.
        var opened: Set<Int> = []
    }

    private let lock = Mutex(State())
    private let handler = Mutex<(@Sendable (PlayerEvent, String?, PlayerStatus) -> Void)?>(nil)
    private let continuation = Mutex<(@Sendable (Int) -> [String]?)?>(nil)
    /// Every track lasts this long unless `durations` says otherwise.
    public let trackSeconds: Double
    public let durations: [String: Double]
    /// As the engine: a track's length is known only once it has been opened (reached);
    /// before, `status()` gives none.
    public let lengthsOnceOpened: Bool

    public init(trackSeconds: Double = 10, durations: [String: Double] = [:], lengthsOnceOpened: Bool = false) {
        self.trackSeconds = trackSeconds
        self.durations = durations
        self.lengthsOnceOpened = lengthsOnceOpened
    }

    public func duration(_ path: String) -> Double { durations[path] ?? trackSeconds }

    // MARK: the clock

    /// Plays `seconds` on: crosses track ends, appends the continuation, ends the list.
    /// `late`: as an engine that looked only at the end (a busy machine), one track event
    /// for wherever the head is then, none for the tracks crossed on the way.
    public func advance(by seconds: Double, late: Bool = false) {
        var left = seconds, crossed = false
        defer { if late && crossed { emit(.track) } }
        while left > 0 {
            let step: (PlayerEvent?, Bool) = lock.withLock { s in
                guard s.state == .playing, let index = s.index else { left = 0; return (nil, false) }
                let remaining = duration(s.tracks[index]) - s.position
                if left < remaining {
                    s.position += left
                    left = 0
                    return (nil, false)
                }
                left -= remaining
                s.position = 0
                if index + 1 < s.tracks.count {
                    s.index = index + 1
                    s.opened.insert(index + 1)
                    return (.track, index + 1 == s.tracks.count - 1)
                }
                s.index = nil
                s.state = .idle
                return (.state, false)
            }
            if step.1 { askContinuation() }
            if let kind = step.0 {
                if late && kind == .track { crossed = true } else { emit(kind) }
            }
        }
    }

    private func askContinuation() {
        guard let provider = continuation.withLock({ $0 }) else { return }
        let alreadyAsked = lock.withLock { s in defer { s.asked = true }; return s.asked }
        guard !alreadyAsked, let more = provider(lock.withLock { $0.tracks.count }), !more.isEmpty else { return }
        lock.withLock { s in
            s.tracks += more
            s.asked = false
        }
    }

    private func emit(_ kind: PlayerEvent) {
        handler.withLock { $0 }?(kind, nil, status())
    }

    private func load(_ index: Int, seconds: Double = 0, state: PlaybackState) {
        let last = lock.withLock { s -> Bool in
            s.index = index
            s.opened.insert(index)
            s.position = seconds
            s.state = state
            s.asked = false
            return index == s.tracks.count - 1
        }
        if last { askContinuation() }
        emit(.track)
        emit(.state)
    }

    // MARK: PlayerControl

    public func play(paths: [String], startIndex: Int, startSeconds: Double, paused: Bool) throws(PlayerError) {
        guard paths.indices.contains(startIndex) else { throw PlayerError("no track \(startIndex + 1)") }
        lock.withLock { s in
            s.tracks = paths
            s.opened = []
        }
        load(startIndex, seconds: startSeconds, state: paused ? .paused : .playing)
    }

    public func pause() throws(PlayerError) { try setState(from: .playing, to: .paused) }
    public func resume() throws(PlayerError) { try setState(from: .paused, to: .playing) }

    public func toggle() throws(PlayerError) {
        let now = lock.withLock { $0.state }
        try setState(from: now, to: now == .playing ? .paused : .playing)
    }

    private func setState(from: PlaybackState, to: PlaybackState) throws(PlayerError) {
        let ok = lock.withLock { s -> Bool in
            guard s.state == from, s.index != nil else { return false }
            s.state = to
            return true
        }
        guard ok else { throw PlayerError("not \(from.name)") }
        emit(.state)
    }

    public func stop() throws(PlayerError) {
        lock.withLock { s in
            s.index = nil
            s.state = .idle
        }
        emit(.state)
    }

    public func next() throws(PlayerError) {
        guard let (index, count) = lock.withLock({ s in s.index.map { ($0, s.tracks.count) } }) else {
            throw PlayerError("nothing is playing")
        }
        if index + 1 >= count {
            askContinuation()
            guard lock.withLock({ index + 1 < $0.tracks.count }) else { return try stop() }
        }
        load(index + 1, state: keptState())
    }

    public func previous() throws(PlayerError) {
        guard let (index, position) = lock.withLock({ s in s.index.map { ($0, s.position) } }) else {
            throw PlayerError("nothing is playing")
        }
        load(position > 3 ? index : max(0, index - 1), state: keptState())
    }

    public func seek(to seconds: Double) throws(PlayerError) {
        guard lock.withLock({ s in s.index != nil }) else { throw PlayerError("nothing is playing") }
        lock.withLock { $0.position = seconds }
        emit(.seek)
    }

    private func keptState() -> PlaybackState { lock.withLock { $0.state == .paused ? .paused : .playing } }

    public func ping() throws(PlayerError) {}
    public func setFadeLevel(_ level: Double) {}

    public func status() -> PlayerStatus {
        lock.withLock { s in
            PlayerStatus(state: s.state, tracks: s.tracks.enumerated().map { index, path in
                             TrackStatus(path: path, duration: !lengthsOnceOpened || s.opened.contains(index) ? duration(path) : nil)
                         },
                         currentIndex: s.index, position: s.position, sourceRate: nil, sourceChannels: nil,
                         output: OutputStatus(device: "twin", isFallback: false, realtime: false, rtPriority: 0, underruns: 0))
        }
    }

    public func waitForState(otherThan before: PlaybackState, timeout: Double) -> PlaybackState { status().state }
    public func setEventHandler(_ handler: @escaping @Sendable (PlayerEvent, String?, PlayerStatus) -> Void) {
        self.handler.withLock { $0 = handler }
    }
    public func setContinuation(_ provider: @escaping @Sendable (Int) -> [String]?) { continuation.withLock { $0 = provider } }
    public func setTrackResolver(_ resolver: @escaping @Sendable (String) -> TrackSource?) {}
    public func shutdown() {}
}
