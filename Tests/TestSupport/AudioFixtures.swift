import Foundation

/// Test material made on the spot: generated signals encoded by the real `lame`.
public enum AudioFixtures {
    public enum Encoding: Sendable {
        case cbr(kbps: Int)
        case vbr(quality: Int)
    }

    /// A continuous logarithmic sweep, interleaved S16. Every channel carries the same
    /// phase-continuous tone so that any inserted or dropped sample at a cut shows.
    public static func sweep(rate: Int, seconds: Double, channels: Int = 2,
                             from f0: Double = 60, to f1: Double = 8000, amplitude: Double = 0.5) -> [Int16] {
        let frames = Int(Double(rate) * seconds)
        var samples = [Int16](repeating: 0, count: frames * channels)
        let k = log(f1 / f0) / Double(frames)
        for i in 0..<frames {
            // Phase of a sweep whose frequency grows as f0 * e^(k i).
            let phase = 2 * Double.pi * f0 / Double(rate) * (exp(k * Double(i)) - 1) / k
            let value = Int16(sin(phase) * amplitude * 32767)
            for c in 0..<channels { samples[i * channels + c] = value }
        }
        return samples
    }

    public static func writeRaw(_ samples: [Int16], to path: String) throws {
        let data = samples.withUnsafeBufferPointer { Data(buffer: $0) }
        try data.write(to: URL(fileURLWithPath: path))
    }

    public static func readRaw(_ path: String) throws -> [Int16] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
    }

    /// Encodes interleaved S16 samples to an MP3 with `lame`, keeping the sample rate;
    /// `options` (tag options) go before the files.
    public static func encodeMP3(_ samples: [Int16], rate: Int, channels: Int, encoding: Encoding,
                                 to path: String, options: [String] = []) throws {
        let raw = path + ".raw"
        try writeRaw(samples, to: raw)
        defer { try? FileManager.default.removeItem(atPath: raw) }  // cleanup only: a leftover is harmless
        let khz = rate % 1000 == 0 ? String(rate / 1000) : String(Double(rate) / 1000)
        var args = ["--quiet", "-r", "-s", khz, "--resample", khz, "--bitwidth", "16", "--signed",
                    "--little-endian", "-m", channels == 1 ? "m" : "j"]
        switch encoding {
        case .cbr(let kbps): args += ["-b", String(kbps), "--cbr"]
        case .vbr(let quality): args += ["-V", String(quality)]
        }
        try run("/usr/bin/lame", args + options + [raw, path])
    }

    /// Runs a tool and fails with its stderr when it fails.
    public static func run(_ tool: String, _ args: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = args
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw FixtureError("\(tool) \(args.joined(separator: " ")) failed: \(text)")
        }
    }

    /// A fresh directory under /tmp, removed by the caller when done.
    public static func temporaryDirectory(_ label: String) throws -> String {
        let path = NSTemporaryDirectory() + "crate-\(label)-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

public struct FixtureError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
