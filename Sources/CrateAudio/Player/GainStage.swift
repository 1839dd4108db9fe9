import CrateFormats
import Glibc

/// Which ReplayGain value the player applies, if any. Off by default: the output then
/// stays bit-perfect.
public enum ReplayGainMode: String, Sendable, Equatable {
    case off, album, track
}

/// ReplayGain applied to one track's samples on the decode thread: the tagged gain,
/// lowered where the tagged peak would clip, then TPDF dither at the source's depth so
/// the gain adds noise, not distortion. Samples keep the decoders' layout (left-justified
/// Int32 of `bits` significant bits).
struct GainStage {
    /// The gain applied, in dB (after peak protection), for `status`.
    let decibels: Double
    private let factor: Double
    private let bits: Int
    private var noise: SplitNoise

    /// nil when the mode is off or the tags give nothing to apply.
    init?(mode: ReplayGainMode, tags: ReplayGain?, bits: Int) {
        guard mode != .off, let tags else { return nil }
        let gain = mode == .album ? tags.albumGain ?? tags.trackGain : tags.trackGain ?? tags.albumGain
        let peak = mode == .album ? tags.albumPeak ?? tags.trackPeak : tags.trackPeak ?? tags.albumPeak
        guard let gain, gain.isFinite else { return nil }
        var factor = pow10(gain / 20)
        if let peak, peak > 0, factor * peak > 1 { factor = 1 / peak }  // never clip a tagged peak
        self.factor = factor
        decibels = 20 * log10Approx(factor)
        self.bits = min(max(bits, 8), 24)
        noise = SplitNoise(seed: 0x5EED_0F_D17E)
    }

    /// Scales `frames` stereo frames in place. No allocation.
    mutating func apply(_ samples: UnsafeMutablePointer<Int32>, frames: Int) {
        let shift = 32 - bits
        let lsb = Double(Int64(1) << shift)
        let maxValue = Double(Int32.max >> shift), minValue = Double(Int32.min >> shift)
        for i in 0..<frames * 2 {
            // In units of the source's least significant bit; TPDF: two uniform values.
            let value = Double(samples[i]) / lsb * factor + noise.next() - noise.next()
            let rounded = min(maxValue, max(minValue, value.rounded()))
            samples[i] = Int32(rounded) &<< Int32(shift)  // shift is 8...24: no check per sample
        }
    }
}

/// A fast uniform [0, 1) source for dither (xorshift): not for anything but noise.
struct SplitNoise {
    private var state: UInt64
    init(seed: UInt64) { state = seed | 1 }
    mutating func next() -> Double {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return Double(state >> 11) / Double(UInt64(1) << 53)
    }
}

/// 10^x and log10 without Foundation (exp/log from Glibc).
private func pow10(_ x: Double) -> Double { exp(x * 2.302585092994046) }
private func log10Approx(_ x: Double) -> Double { log(x) / 2.302585092994046 }
