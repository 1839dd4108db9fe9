import CrateCore
import CratePosix
import Glibc
import Logging

/// The status display's thread (`crate-display`): asks for the content, draws it, and
/// sends the changed spans to the panel. It redraws when told something changed (at most
/// `maxFramesPerSecond`, for the knob), once a second while a track plays (the progress
/// is interpolated locally, so nothing else has to wake it), and when the panel dims or
/// blanks. It never blocks playback: it only reads state, on its own thread.
public final class DisplayService: Sendable {
    public typealias Draw = @Sendable (DisplayContent, inout Canvas, Double) -> Void

    private struct State {
        var dirty = true
        var lastActivity = MonotonicClock.now()
        var stopping = false
        var snapshotWanted = false
        var snapshot: RGBImage?
        var frames = 0
        var generation = 0
        var lastFrameMilliseconds: Double?
        var power = PanelPower.on
        var logical = (width: 0, height: 0)
        var format: String?
        var problem: String?
        /// The screen of the last frame drawn (`now-playing`, …), "blank" when dark.
        var screen: String?
    }

    private let settings: DisplaySettings
    private let content: @Sendable () -> DisplayContent
    private let draw: Draw
    private let logger: Logger
    private let state = ConditionLocked(State())

    public init(settings: DisplaySettings, logger: Logger, draw: @escaping Draw,
                content: @escaping @Sendable () -> DisplayContent) {
        self.settings = settings
        self.logger = logger
        self.draw = draw
        self.content = content
        state.withLock { $0.logical = (settings.width, settings.height) }
    }

    public func start() throws(PosixError) {
        _ = try PosixThread.spawn(name: "crate-display") { [self] in run() }
    }

    public func stop() { state.withLockAndBroadcast { $0.stopping = true } }

    /// Something shown changed: redraw soon. `activity` (a press, a turn) also wakes a
    /// dimmed or dark panel and restarts its idle time.
    public func invalidate(activity: Bool = false) {
        state.withLockAndBroadcast { s in
            s.dirty = true
            if activity { s.lastActivity = MonotonicClock.now() }
        }
    }

    /// A PNG of exactly what the panel shows now (the off-screen frame when there is no
    /// panel), drawn fresh for the occasion.
    public func snapshot(timeout: Double = 5) throws(SnapshotError) -> [UInt8] {
        let generation = state.withLockAndBroadcast { s -> Int in
            s.snapshotWanted = true
            s.dirty = true
            return s.generation
        }
        let image = state.wait(timeout: timeout) { s -> RGBImage? in
            s.generation > generation && !s.snapshotWanted ? s.snapshot : nil
        }
        guard let image else { throw .encode(reason: "the display did not draw a frame within \(Int(timeout)) s") }
        return try PNGSnapshot.encode(image)
    }

    public func status() -> DisplayStatus {
        state.withLock { s in
            DisplayStatus(device: settings.device, width: s.logical.width, height: s.logical.height, format: s.format,
                          rotation: settings.rotation.rawValue, power: s.power.rawValue, frames: s.frames,
                          lastFrameMilliseconds: s.lastFrameMilliseconds, problem: s.problem, screen: s.screen)
        }
    }

    // MARK: the thread

    private func run() {
        let panel = PanelConnection(settings: settings, logger: logger)
        var canvas = Canvas(width: 1, height: 1)
        var shown = canvas
        var nextTick: Double? = nil
        defer { panel.close() }
        while true {
            let now = MonotonicClock.now()
            let changed = panel.maintain(now: now)
            state.withLock { s in
                if changed { s.dirty = true }
                s.problem = panel.problem
                s.format = panel.formatName
            }
            // A snapshot is served only by a frame whose content was read after it was asked
            // for: a frame already under way may show a screen the last gesture has left.
            let (dirty, stopping, lastActivity, wanted) = state.withLock {
                ($0.dirty, $0.stopping, $0.lastActivity, $0.snapshotWanted)
            }
            if stopping { return }
            let current = content()
            let playing = Self.isPlaying(current)
            let power = PanelPower.at(now, lastActivity: lastActivity, playing: playing, settings: settings)
            let due = dirty || power != state.withLock({ $0.power }) || (nextTick.map { now >= $0 } ?? false)
            if due {
                let started = MonotonicClock.now()
                let size = panel.logicalSize
                if canvas.width != size.width || canvas.height != size.height {
                    canvas = Canvas(width: size.width, height: size.height)
                }
                if power != .blank { draw(current, &canvas, now) }
                shown = Self.apply(power, to: canvas)
                panel.show(shown, rects: shown.takeDirty())
                _ = canvas.takeDirty()
                let elapsed = (MonotonicClock.now() - started) * 1000
                let picture = wanted ? (panel.readBack() ?? shown.image) : nil
                state.withLockAndBroadcast { s in
                    // Still wanted (asked for while this frame was drawn): draw again at once.
                    s.dirty = picture == nil && s.snapshotWanted
                    s.frames += 1
                    s.generation += 1
                    s.lastFrameMilliseconds = elapsed
                    s.power = power
                    s.logical = size
                    s.screen = power == .blank ? "blank" : current.screen.name
                    if let picture {
                        s.snapshot = picture
                        s.snapshotWanted = false
                    }
                }
                // The elapsed time is redrawn each second only on a panel someone can see:
                // with none (none configured, or its node gone) a frame is drawn when
                // something changes or a snapshot asks, not 60 times a minute for nobody.
                let visible = panel.device != nil && power != .blank
                nextTick = playing && visible ? Self.nextSecond(of: current, after: now) : nil
            }
            // Sleep until the next tick, power change or retry; a change wakes us early,
            // but never sooner than the frame-rate limit allows.
            var wake = [nextTick, PanelPower.nextChange(after: now, lastActivity: lastActivity, playing: playing,
                                                        settings: settings)].compactMap { $0 }
            if settings.device != nil && panel.device == nil { wake.append(now + settings.retryInterval) }
            if settings.device != nil && panel.device != nil { wake.append(now + 1) }  // notice a vanished node
            let until = wake.min()
            _ = state.wait(timeout: until.map { max(0, $0 - MonotonicClock.now()) }) { s -> Bool? in
                s.dirty || s.stopping ? true : nil
            }
            let minimum = 1 / settings.maxFramesPerSecond
            let since = MonotonicClock.now() - now
            if since < minimum { usleep(UInt32((minimum - since) * 1_000_000)) }
        }
    }

    private static func isPlaying(_ content: DisplayContent) -> Bool {
        if case .nowPlaying(let playing) = content.screen { return playing.mark == .playing }
        return false
    }

    /// When the elapsed time shown next changes: the next whole second of the track.
    private static func nextSecond(of content: DisplayContent, after now: Double) -> Double? {
        guard case .nowPlaying(let playing) = content.screen else { return nil }
        let elapsed = playing.elapsed(at: now)
        return now + max(0.05, (elapsed.rounded(.down) + 1) - elapsed)
    }

    /// The frame as the panel should show it: as drawn, dimmed, or dark.
    private static func apply(_ power: PanelPower, to canvas: Canvas) -> Canvas {
        switch power {
        case .on: return canvas
        case .blank:
            var dark = Canvas(width: canvas.width, height: canvas.height)
            dark.markAllDirty()
            return dark
        case .dimmed:
            var image = canvas.image
            for index in image.pixels.indices { image.pixels[index] = Color.dimmed(image.pixels[index], level: 80) }
            var dim = Canvas(width: canvas.width, height: canvas.height)
            dim.blit(image, at: 0, y: 0)
            return dim
        }
    }
}
