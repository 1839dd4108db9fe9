/// Short linear gain ramps applied in place, so pause and resume never click.
/// Writer thread: pure arithmetic on memory it already owns.
enum Ramp {
    /// Ramp length: 5 ms, short enough to feel instant, long enough to be inaudible.
    static func frames(rate: Int) -> Int { max(16, rate / 200) }

    /// Fades `frames` stereo frames from full gain towards silence.
    static func fadeOut(_ samples: UnsafeMutablePointer<Int32>, frames: Int) {
        for i in 0..<frames { scale(samples + 2 * i, gain: Int64(frames - 1 - i) * 32768 / Int64(frames)) }
    }

    /// Applies frames `done ..< done + frames` of a fade-in `total` frames long.
    static func fadeIn(_ samples: UnsafeMutablePointer<Int32>, frames: Int, done: Int, total: Int) {
        for i in 0..<frames { scale(samples + 2 * i, gain: Int64(done + i) * 32768 / Int64(total)) }
    }

    /// Full gain: samples at this level are left untouched (bit-perfect).
    static let unity = 32768

    /// Frames per step of a slow fade (the sleep timer's): 20 ms, so a level change
    /// glides in small steps and a pause is never held up for long.
    static func glideFrames(rate: Int) -> Int { 4 * frames(rate: rate) }

    /// A linear glide of `frames` stereo frames from gain `from` to gain `to` (of `unity`).
    static func glide(_ samples: UnsafeMutablePointer<Int32>, frames: Int, from: Int, to: Int) {
        guard frames > 0 else { return }
        for i in 0..<frames { scale(samples + 2 * i, gain: Int64(from) + Int64(to - from) * Int64(i) / Int64(frames)) }
    }

    /// Both samples of a frame times `gain`/32768. The low 8 bits are cleared so a
    /// 24-bit device gets exactly what the ramp meant, with no rounding left below.
    @inline(__always)
    private static func scale(_ frame: UnsafeMutablePointer<Int32>, gain: Int64) {
        frame[0] = Int32(truncatingIfNeeded: Int64(frame[0]) * gain >> 15) & ~0xFF
        frame[1] = Int32(truncatingIfNeeded: Int64(frame[1]) * gain >> 15) & ~0xFF
    }
}
