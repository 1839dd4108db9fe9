import CrateFormats
import Foundation

/// Signal-to-noise ratio in dB of `actual` against `reference` (same length).
public func snr(_ actual: ArraySlice<Int16>, _ reference: ArraySlice<Int16>) -> Double {
    var signal = 0.0, noise = 0.0
    for (a, r) in zip(actual, reference) {
        signal += Double(r) * Double(r)
        noise += (Double(a) - Double(r)) * (Double(a) - Double(r))
    }
    return 10 * log10(signal / max(noise, 1))
}

/// Expands interleaved mono to stereo the way the player outputs it.
public func monoToStereo<T>(_ mono: [T]) -> [T] { mono.flatMap { [$0, $0] } }

/// Decodes a whole file through the decoder the player uses, as 16-bit samples.
public func decodeAll(_ path: String) throws -> (decoder: any TrackDecoder, samples: [Int16]) {
    try DecodeAll.samples16(path)
}
