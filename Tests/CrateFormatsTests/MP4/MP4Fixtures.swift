import CrateFormats
import Foundation
import TestSupport
import XCTest

/// MP4 test files made on the spot by ffmpeg (its native AAC encoder, its ALAC encoder)
/// from a generated sweep, ffmpeg's own decode as the reference, and byte surgery on
/// the boxes for what no tool writes.
enum MP4Fixtures {
    static let ffmpeg = "/usr/bin/ffmpeg"

    /// A sweep of `frames` frames, interleaved S16.
    static func sweep(frames: Int, rate: Int = 44100, channels: Int = 2) -> [Int16] {
        let samples = AudioFixtures.sweep(rate: rate, seconds: Double(frames) / Double(rate) + 0.01, channels: channels,
                                          to: Double(rate) / 5)
        return Array(samples.prefix(frames * channels))
    }

    /// Encodes `samples` with ffmpeg; `inputs` are extra inputs (a cover), `options` go
    /// before the output (codec, bitrate, tags, maps).
    static func encode(_ samples: [Int16], rate: Int = 44100, channels: Int = 2, to path: String,
                       inputs: [String] = [], options: [String] = ["-c:a", "aac", "-b:a", "192k"]) throws {
        let raw = path + ".in.raw"
        try AudioFixtures.writeRaw(samples, to: raw)
        defer { try? FileManager.default.removeItem(atPath: raw) }  // cleanup only
        try AudioFixtures.run(ffmpeg, ["-v", "error", "-y", "-f", "s16le", "-ar", "\(rate)", "-ac", "\(channels)", "-i", raw]
            + inputs + options + [path])
    }

    /// ffmpeg's decode of `path` as S16 stereo (it applies the edit list's start). Mono
    /// is decoded as mono and copied to both channels as the player does (ffmpeg's own
    /// upmix lowers it by 3 dB).
    static func reference(_ path: String, channels: Int = 2) throws -> [Int16] {
        let out = path + ".ref.raw"
        try AudioFixtures.run(ffmpeg, ["-v", "error", "-y", "-i", path, "-f", "s16le", "-ac", "\(channels)", out])
        defer { try? FileManager.default.removeItem(atPath: out) }  // cleanup only
        let samples = try AudioFixtures.readRaw(out)
        return channels == 1 ? monoToStereo(samples) : samples
    }

    /// A small red JPEG made by ffmpeg.
    static func coverJPEG(_ path: String) throws -> [UInt8] {
        try AudioFixtures.run(ffmpeg, ["-v", "error", "-y", "-f", "lavfi", "-i", "color=red:s=64x64", "-frames:v", "1", path])
        return try FormatFixtures.bytes(path)
    }



    /// Decodes `path` in chunks of `chunk` frames after seeking to `frame`.
    static func decode(_ decoder: any TrackDecoder, from frame: Int? = nil, chunk: Int = 1000) throws -> [Int32] {
        if let frame { try decoder.seek(toFrame: frame) }
        var out: [Int32] = []
        var buffer = [Int32](repeating: 0, count: chunk * 2)
        while true {
            let n = try buffer.withUnsafeMutableBufferPointer { try decoder.read(into: $0.baseAddress!, maxFrames: chunk) }
            if n == 0 { break }
            out += buffer[0..<n * 2]
        }
        return out
    }

    /// The reason a decoder or metadata read gave, or nil when it succeeded.
    static func decodeReason(_ path: String) -> String? {
        do {
            _ = try DecodeAll.open(path)
            return nil
        } catch {
            return (error as? DecodeError)?.reason ?? "\(error)"
        }
    }

    static func metadataReason(_ path: String) -> String? {
        do {
            _ = try FormatRegistry.readMetadata(path: path)
            return nil
        } catch {
            return error.reason
        }
    }
}

/// Comparisons between a decode and a reference, as interleaved stereo S16.
enum Compare {
    static func maxAbsDiff(_ a: ArraySlice<Int16>, _ b: ArraySlice<Int16>) -> Int {
        zip(a, b).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }

    /// The lag (in frames, left channel) at which `actual` best matches `reference`,
    /// searched over ±`range` around a window in the middle: 0 means aligned.
    static func bestLag(_ actual: [Int16], _ reference: [Int16], range: Int = 1500, window: Int = 4096) -> Int {
        let frames = min(actual.count, reference.count) / 2
        let start = frames / 2 - window / 2
        precondition(start - range >= 0 && start + window + range <= frames, "signals too short for the lag search")
        var best = (lag: 0, score: -Double.infinity)
        for lag in -range...range {
            var score = 0.0
            for i in start..<start + window {
                score += Double(actual[2 * (i + lag)]) * Double(reference[2 * i])
            }
            if score > best.score { best = (lag, score) }
        }
        return best.lag
    }
}
