/// What the audio stream of an MP3 is: format, bitrate and length.
public struct MP3AudioInfo: Sendable, Equatable {
    public var sampleRate: Int
    /// 1 or 2.
    public var channels: Int
    public var version: MPEGFrameHeader.Version
    /// kbit/s: the first frame's, or the average over the stream for VBR files whose
    /// Xing header gives frames and bytes.
    public var bitrate: Int
    /// Samples per channel after gapless trimming (encoder delay and padding removed).
    public var durationFrames: Int
    /// True when the length comes from a Xing/Info frame count and a LAME tag's delay
    /// and padding: then it equals what libmpg123 decodes, sample for sample.
    public var exact: Bool
    /// Whether the file holds as many bytes as its Xing/Info header declares (nil: no
    /// header says). A whole file that decodes short is damaged, not cut off.
    public var bytesAreWhole: Bool?

    public init(sampleRate: Int, channels: Int, version: MPEGFrameHeader.Version, bitrate: Int,
                durationFrames: Int, exact: Bool) {
        self.sampleRate = sampleRate
        self.channels = channels
        self.version = version
        self.bitrate = bitrate
        self.durationFrames = durationFrames
        self.exact = exact
    }

    /// Samples per channel in one layer III frame.
    public var samplesPerFrame: Int { version == .mpeg1 ? 1152 : 576 }

    public var durationSeconds: Double { sampleRate > 0 ? Double(durationFrames) / Double(sampleRate) : 0 }
}

extension MP3AudioInfo {
    /// The length and bitrate of a stream from its first frame and, when there is one,
    /// its Xing/Info/VBRI header. `streamBytes` counts from the first frame to the end
    /// of the audio (an ID3v1 tag excluded).
    init(first: MPEGFrameHeader, channels: Int, xing: XingHeader?, streamBytes: Int) {
        let spf = first.version == .mpeg1 ? 1152 : 576
        var bitrate = first.bitrate
        var duration: Int
        var exact = false
        // No layer III frame is shorter than 24 bytes: a count the bytes cannot hold is garbage.
        if let xing, let frames = xing.frames, frames > 0, frames <= streamBytes / 24 + 1 {
            duration = frames * spf
            if let declared = xing.bytes, declared > 0, xing.kind != .info {
                bitrate = Self.averageBitrate(bytes: declared, samples: duration, rate: first.sampleRate) ?? bitrate
            }
            if let delay = xing.encoderDelay, let padding = xing.encoderPadding, xing.kind != .vbri {
                duration = max(0, duration - delay - padding)
                exact = true
            }
            // A file cut short still carries the header of the whole stream: believe the
            // bytes that are there (one frame and an ID3v1 tag of slack for encoders that
            // count differently).
            if let declared = xing.bytes, declared - streamBytes > 1441 + 128 {
                let scaled = Double(frames * spf) * Double(streamBytes) / Double(declared)
                duration = max(0, Int(scaled) - (xing.encoderDelay ?? 0))
                exact = false
            }
        } else {
            // Constant bitrate (or unknown): bytes over bytes per second. The Xing/Info
            // frame itself, if any, is silent.
            let audioBytes = xing == nil ? streamBytes : max(0, streamBytes - first.frameLength)
            duration = Int(Double(audioBytes) * 8 * Double(first.sampleRate) / Double(first.bitrate * 1000))
        }
        self.init(sampleRate: first.sampleRate, channels: channels, version: first.version, bitrate: bitrate,
                  durationFrames: duration, exact: exact)
        // The same slack as above: encoders count the header frame and tags differently.
        bytesAreWhole = xing?.bytes.map { $0 - streamBytes <= 1441 + 128 }
    }

    private static func averageBitrate(bytes: Int, samples: Int, rate: Int) -> Int? {
        guard samples > 0, rate > 0 else { return nil }
        let seconds = Double(samples) / Double(rate)
        let kbps = (Double(bytes) * 8 / seconds / 1000).rounded()
        return kbps >= 1 && kbps < 10_000 ? Int(kbps) : nil
    }
}
