@testable import CrateAudio
import Foundation
import TestSupport

/// Decodes a whole file through the decoder under test.
func decodeAll(_ path: String) throws -> (decoder: MP3Decoder, samples: [Int16]) {
    let decoder = try MP3Decoder(path: path)
    var samples: [Int16] = []
    var chunk = [Int16](repeating: 0, count: 4096 * 2)
    while true {
        let frames = try chunk.withUnsafeMutableBufferPointer { try decoder.read(into: $0.baseAddress!, maxFrames: 4096) }
        if frames == 0 { break }
        samples += chunk[0..<frames * 2]
    }
    return (decoder, samples)
}

/// Signal-to-noise ratio in dB of `actual` against `reference` (same length).
func snr(_ actual: ArraySlice<Int16>, _ reference: ArraySlice<Int16>) -> Double {
    var signal = 0.0, noise = 0.0
    for (a, r) in zip(actual, reference) {
        signal += Double(r) * Double(r)
        noise += (Double(a) - Double(r)) * (Double(a) - Double(r))
    }
    return 10 * log10(signal / max(noise, 1))
}

/// Expands interleaved mono to stereo the way the player outputs it.
func monoToStereo(_ mono: [Int16]) -> [Int16] { mono.flatMap { [$0, $0] } }
