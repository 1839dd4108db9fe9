import CFAAD

/// AAC packets from an MP4 decoded by faad2 to 16-bit PCM (like the other lossy
/// decoders). faad2 gives nothing for the first packet after it is opened (its output
/// would be the overlap with nothing before it), so `MP4Decoder` counts a packet that
/// decodes to no frames as silence of the packet's length, which keeps every later
/// frame where the edit list and iTunSMPB expect it. HE-AAC with explicit SBR
/// signalling decodes at twice the core rate, 2048 frames a packet.
final class AACCodec: MP4AudioCodec {
    let format: PCMFormat
    let codecName = "AAC"
    let maxFramesPerPacket = 2048
    private let path: String
    private let config: [UInt8]
    private var handle: NeAACDecHandle?
    /// faad2's 16-bit output before widening: one packet of up to 8 channels, allocated once.
    private let scratch: UnsafeMutablePointer<Int16>
    private static let scratchSamples = 2048 * 8

    /// `config` is the AudioSpecificConfig from the esds.
    init(config: [UInt8], path: String) throws(DecodeError) {
        self.path = path
        self.config = config
        let opened = try Self.open(config, path: path)
        handle = opened.handle
        scratch = .allocate(capacity: Self.scratchSamples)
        format = PCMFormat(sampleRate: opened.rate, channels: Self.sourceChannels(config) ?? opened.channels,
                           bitsPerSample: 16)
    }

    deinit {
        if let handle { NeAACDecClose(handle) }
        scratch.deallocate()
    }

    func decode(_ packet: UnsafeRawBufferPointer, into out: UnsafeMutablePointer<Int32>) throws(DecodeError) -> Int {
        guard let handle else { throw DecodeError(path: path, reason: "the AAC decoder could not be restarted after a seek") }
        guard let base = packet.baseAddress, packet.count > 0 else { return 0 }
        var info = NeAACDecFrameInfo()
        var buffer: UnsafeMutableRawPointer? = UnsafeMutableRawPointer(scratch)
        let bytes = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: UInt8.self))
        _ = NeAACDecDecode2(handle, &info, bytes, UInt(packet.count), &buffer,
                            UInt(Self.scratchSamples * MemoryLayout<Int16>.size))
        if info.error != 0 {
            let message = NeAACDecGetErrorMessage(info.error).map { String(cString: $0) } ?? "error \(info.error)"
            throw DecodeError(path: path, reason: "AAC decoding failed: \(message)")
        }
        let channels = Int(info.channels)
        guard info.samples > 0, channels > 0 else { return 0 }
        try PCMFormat.check(channels: channels, path: path)
        if Int(info.samplerate) != format.sampleRate {
            throw DecodeError(path: path, reason: "sample rate changes mid-file (\(format.sampleRate) → \(info.samplerate) Hz)")
        }
        let frames = min(Int(info.samples) / channels, maxFramesPerPacket)
        Interleave.from16(scratch, frames: frames, channels: channels, into: out)
        return frames
    }

    /// A fresh faad2 decoder: nothing of the packets before a seek leaks into the ones after.
    func reset() {
        if let handle { NeAACDecClose(handle) }
        do {
            handle = try Self.open(config, path: path).handle
        } catch {
            handle = nil  // decode() reports it
        }
    }

    private static func open(_ config: [UInt8], path: String) throws(DecodeError) -> (handle: NeAACDecHandle, rate: Int, channels: Int) {
        guard let handle = NeAACDecOpen() else { throw DecodeError(path: path, reason: "the AAC decoder could not be created") }
        if let settings = NeAACDecGetCurrentConfiguration(handle) {
            settings.pointee.outputFormat = UInt8(FAAD_FMT_16BIT)
            settings.pointee.downMatrix = 0
            // A plain AAC-LC file at 24 kHz or less plays at its own rate, not upsampled
            // in case it hides SBR; explicitly signalled HE-AAC is still upsampled.
            settings.pointee.dontUpSampleImplicitSBR = 1
            NeAACDecSetConfiguration(handle, settings)
        }
        var bytes = config
        var rate: UInt = 0
        var channels: UInt8 = 0
        let rc = NeAACDecInit2(handle, &bytes, UInt(bytes.count), &rate, &channels)
        guard rc >= 0, rate > 0, channels > 0 else {
            NeAACDecClose(handle)
            throw DecodeError(path: path, reason: "the AAC configuration is not one faad2 can decode")
        }
        return (handle, Int(rate), Int(channels))
    }

    /// The channels the stream was made with, read from the AudioSpecificConfig itself
    /// (faad2 reports mono as stereo, since parametric stereo may turn it into two);
    /// nil when a program config element says.
    static func sourceChannels(_ config: [UInt8]) -> Int? {
        var bit = 0
        func read(_ count: Int) -> Int? {
            guard bit + count <= config.count * 8 else { return nil }
            var value = 0
            for _ in 0..<count {
                value = value << 1 | Int(config[bit / 8] >> (7 - UInt8(bit % 8)) & 1)
                bit += 1
            }
            return value
        }
        guard let objectType = read(5), objectType != 31 || read(6) != nil,
              let rateIndex = read(4), rateIndex != 15 || read(24) != nil,
              let channelConfig = read(4)
        else { return nil }
        switch channelConfig {
        case 1...6: return channelConfig
        case 7: return 8
        default: return nil
        }
    }
}
