/// Short linear gain ramps applied in place, so pause and resume never click.
/// Writer thread: pure arithmetic on memory it already owns.
enum Ramp {
    /// Ramp length: 5 ms, short enough to feel instant, long enough to be inaudible.
    static func frames(rate: Int) -> Int { max(16, rate / 200) }

    /// Fades `frames` stereo frames from full gain towards silence.
    static func fadeOut(_ samples: UnsafeMutablePointer<Int16>, frames: Int) {
        for i in 0..<frames {
            let gain = Int32(frames - 1 - i) * 32768 / Int32(frames)
            samples[2 * i] = Int16(Int32(samples[2 * i]) * gain >> 15)
            samples[2 * i + 1] = Int16(Int32(samples[2 * i + 1]) * gain >> 15)
        }
    }

    /// Applies frames `done ..< done + frames` of a fade-in `total` frames long.
    static func fadeIn(_ samples: UnsafeMutablePointer<Int16>, frames: Int, done: Int, total: Int) {
        for i in 0..<frames {
            let gain = Int32(done + i) * 32768 / Int32(total)
            samples[2 * i] = Int16(Int32(samples[2 * i]) * gain >> 15)
            samples[2 * i + 1] = Int16(Int32(samples[2 * i + 1]) * gain >> 15)
        }
    }
}
