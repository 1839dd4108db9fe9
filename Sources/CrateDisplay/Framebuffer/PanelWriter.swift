/// Copies changed parts of a canvas to panel memory: converts `0x00RRGGBB` to the panel's
/// format, turns it by the rotation, and writes only pixels that differ from what it sent
/// before. SPI panels (fbtft) push every touched memory page over a slow bus, so a redraw
/// that leaves pixels as they were must cost nothing; hence the copy of the last frame
/// sent (one canvas worth of memory, 600 KB at 480×320).
///
/// Nothing outside the panel is ever written: pixels of the canvas that fall outside the
/// panel's logical size are dropped.
public struct PanelWriter: Sendable {
    /// What one copy did, for tests and benchmarks.
    public struct Stats: Sendable, Equatable {
        /// Row pieces written (each a run of consecutive logical pixels).
        public var spans = 0
        public var pixelsWritten = 0
    }

    /// The panel that `sent` describes; when the target changes, what it shows is unknown.
    private struct Target: Equatable {
        var base: UInt
        var width: Int, height: Int, lineLength: Int
        var format: PixelFormat
        var rotation: Rotation
        var canvasWidth: Int, canvasHeight: Int
    }

    private var sent: RGBImage?
    private var target: Target?

    public init() {}

    /// Forgets what the panel shows (after reopening the device, or when something else may
    /// have drawn on it): the next copy sends the whole canvas.
    public mutating func invalidate() {
        sent = nil
        target = nil
    }

    /// Writes `rects` of `canvas` to `memory`. The first copy (and the first after
    /// `invalidate()` or a change of panel or rotation) sends the whole canvas, since
    /// the panel's content is unknown.
    @discardableResult
    public mutating func copy(_ canvas: Canvas, rects: [Rect], to memory: FramebufferMemory, rotation: Rotation) -> Stats {
        let logical = memory.logicalSize(rotation: rotation)
        let visible = canvas.bounds.intersection(Rect(x: 0, y: 0, width: logical.width, height: logical.height))
        let now = Target(
            base: UInt(bitPattern: memory.base), width: memory.width, height: memory.height,
            lineLength: memory.lineLength, format: memory.format, rotation: rotation,
            canvasWidth: canvas.width, canvasHeight: canvas.height)
        var stats = Stats()
        let image = canvas.image

        guard now == target, var previous = sent else {
            // Unknown panel: send everything visible and start remembering.
            sent = nil // the old copy goes before the new one is made: one frame in memory
            var copy = RGBImage(width: image.width, height: image.height)
            copy.pixels.withUnsafeMutableBufferPointer { to in
                image.pixels.withUnsafeBufferPointer { from in
                    _ = to.update(fromContentsOf: from)
                }
            }
            if !visible.isEmpty {
                for y in visible.y..<visible.maxY {
                    write(image, y: y, from: visible.x, to: visible.maxX, memory: memory, rotation: rotation, logical: logical)
                    stats.spans += 1
                    stats.pixelsWritten += visible.width
                }
            }
            sent = copy
            target = now
            return stats
        }

        sent = nil // keep `previous` uniquely referenced so updating it does not copy
        for rect in rects {
            let area = rect.intersection(visible)
            guard !area.isEmpty else { continue }
            for y in area.y..<area.maxY {
                guard let span = changedSpan(image, previous, y: y, from: area.x, to: area.maxX) else { continue }
                write(image, y: y, from: span.lowerBound, to: span.upperBound, memory: memory, rotation: rotation, logical: logical)
                remember(image, into: &previous, at: y * image.width + span.lowerBound, count: span.count)
                stats.spans += 1
                stats.pixelsWritten += span.count
            }
        }
        sent = previous
        return stats
    }

    /// Copies `count` canvas pixels from index `start` into the record of what was sent.
    private func remember(_ image: RGBImage, into previous: inout RGBImage, at start: Int, count: Int) {
        image.pixels.withUnsafeBufferPointer { now in
            previous.pixels.withUnsafeMutableBufferPointer { before in
                (before.baseAddress! + start).update(from: now.baseAddress! + start, count: count)
            }
        }
    }

    /// The smallest run of row `y` within `from..<to` where the canvas differs from what
    /// was sent, or nil when the row is unchanged there.
    private func changedSpan(_ image: RGBImage, _ previous: RGBImage, y: Int, from: Int, to: Int) -> Range<Int>? {
        image.pixels.withUnsafeBufferPointer { now in
            previous.pixels.withUnsafeBufferPointer { before in
                let start = y * image.width
                var first = from
                while first < to && now[start + first] == before[start + first] { first += 1 }
                guard first < to else { return nil }
                var last = to - 1
                while now[start + last] == before[start + last] { last -= 1 }
                return first..<(last + 1)
            }
        }
    }

    /// Writes logical pixels `from..<to` of row `y`. A logical row is a panel row (0°,
    /// 180°) or a panel column (90°, 270°); `step` walks it in bytes. The caller clipped
    /// the row to the panel's logical size, so every address stays inside the panel.
    private func write(
        _ image: RGBImage, y: Int, from: Int, to: Int,
        memory: FramebufferMemory, rotation: Rotation, logical: (width: Int, height: Int)
    ) {
        let start = rotation.panelPoint(x: from, y: y, logicalWidth: logical.width, logicalHeight: logical.height)
        let bytes = memory.format.bytesPerPixel
        let step: Int = switch rotation {
        case .degrees0: bytes
        case .degrees90: memory.lineLength
        case .degrees180: -bytes
        case .degrees270: -memory.lineLength
        }
        var offset = start.y * memory.lineLength + start.x * bytes
        let format = memory.format, base = memory.base
        image.pixels.withUnsafeBufferPointer { pixels in
            let row = y * image.width
            if bytes == 2 {
                for x in from..<to {
                    base.storeBytes(of: UInt16(truncatingIfNeeded: format.encode(pixels[row + x])), toByteOffset: offset, as: UInt16.self)
                    offset += step
                }
            } else {
                for x in from..<to {
                    base.storeBytes(of: format.encode(pixels[row + x]), toByteOffset: offset, as: UInt32.self)
                    offset += step
                }
            }
        }
    }
}
