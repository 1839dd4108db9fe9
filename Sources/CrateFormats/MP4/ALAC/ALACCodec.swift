/// Apple Lossless, decoded in Swift from the published format: packets (MP4 samples) of
/// audio elements, each entropy-coded with adaptive Golomb-Rice, predicted by an adaptive
/// LMS filter and, for stereo, mixed. Bit-exact: the output is the encoder's input.
///
/// All buffers are allocated here, once; `decode` allocates nothing. Nothing carries over
/// between packets, so `reset` has nothing to forget.
final class ALACCodec: MP4AudioCodec {
    let config: ALACConfig
    let format: PCMFormat
    let codecName = "ALAC"
    var maxFramesPerPacket: Int { config.frameLength }
    private let path: String
    private let left: UnsafeMutablePointer<Int32>
    private let right: UnsafeMutablePointer<Int32>
    private let elements: ALACElementDecoder

    /// Frames far beyond any encoder's (4096 is standard) would only tie up memory.
    static let maxFrameLength = 1 << 16
    static let bitDepths = [16, 20, 24, 32]

    /// `config` is the ALACSpecificConfig from the 'alac' box of the sample description.
    init(config cookie: [UInt8], path: String) throws(DecodeError) {
        let config = try ALACConfig(cookie: cookie, path: path)
        try PCMFormat.check(channels: config.numChannels, path: path)
        guard config.compatibleVersion == 0 else {
            throw DecodeError(path: path, reason: "ALAC version \(config.compatibleVersion) not supported")
        }
        guard Self.bitDepths.contains(config.bitDepth) else {
            throw DecodeError(path: path, reason: "ALAC bit depth \(config.bitDepth) not supported")
        }
        guard (1...Self.maxFrameLength).contains(config.frameLength) else {
            throw DecodeError(path: path, reason: "ALAC config is damaged: frame length \(config.frameLength)")
        }
        // kb 0 is real: ffmpeg writes it for all-verbatim streams.
        guard config.kb <= 31, config.sampleRate > 0 else {
            throw DecodeError(path: path, reason: "ALAC config is damaged: Rice limit \(config.kb), rate \(config.sampleRate)")
        }
        self.config = config
        self.path = path
        format = PCMFormat(sampleRate: config.sampleRate, channels: config.numChannels, bitsPerSample: config.bitDepth)
        left = .allocate(capacity: config.frameLength)
        right = .allocate(capacity: config.frameLength)
        let residuals = UnsafeMutablePointer<Int32>.allocate(capacity: config.frameLength)
        let coefs = UnsafeMutablePointer<Int16>.allocate(capacity: 2 * ALACElementDecoder.coefCapacity)
        elements = ALACElementDecoder(config: config, residuals: residuals, coefs: coefs)
    }

    deinit {
        left.deallocate()
        right.deallocate()
        elements.residuals.deallocate()
        elements.coefs.deallocate()
    }

    func decode(_ packet: UnsafeRawBufferPointer, into out: UnsafeMutablePointer<Int32>) throws(DecodeError) -> Int {
        let frames: Int
        do throws(ALACDamage) {
            frames = try decodeElements(packet)
        } catch {
            throw DecodeError(path: path, reason: "ALAC packet is damaged: \(error.reason)")
        }
        Interleave.fromPlanar(left: left, right: config.numChannels == 2 ? right : left, frames: frames,
                              bits: config.bitDepth, into: out)
        return frames
    }

    func reset() {}

    /// Element tags (3 bits) of the ALAC bitstream.
    private enum Tag {
        static let singleChannel: UInt32 = 0, channelPair: UInt32 = 1, coupling: UInt32 = 2
        static let lowFrequency: UInt32 = 3, dataStream: UInt32 = 4, programConfig: UInt32 = 5
        static let fill: UInt32 = 6, end: UInt32 = 7
    }

    /// Walks the packet's elements up to its END tag; returns the frames. ALAC has no
    /// checksum, so the END tag landing where the packet ends (as ffmpeg also demands) is
    /// what tells damaged audio bits from good ones.
    private func decodeElements(_ packet: UnsafeRawBufferPointer) throws(ALACDamage) -> Int {
        var reader = ALACBitReader(packet)
        let channels = config.numChannels
        var decoded = 0
        var frames: Int?
        while true {
            let count: Int
            switch try reader.read(3) {
            case Tag.singleChannel, Tag.lowFrequency:
                guard decoded < channels else { throw ALACDamage("it holds more than the track's \(channels) channel(s)") }
                count = try elements.decode(&reader, into: decoded == 0 ? left : right, nil)
                decoded += 1
            case Tag.channelPair:
                guard decoded == 0, channels == 2 else {
                    throw ALACDamage("it holds a channel pair where the track has \(channels - decoded) channel(s) left")
                }
                count = try elements.decode(&reader, into: left, right)
                decoded += 2
            case Tag.dataStream:
                try skipDataStream(&reader)
                continue
            case Tag.fill:
                try skipFill(&reader)
                continue
            case Tag.end:
                guard decoded == channels else { throw ALACDamage("it ends before all its channels") }
                let left = reader.bitCount - reader.position
                guard left <= 8 else { throw ALACDamage("its audio ends \(left) bits before the packet does") }
                return frames ?? 0
            default:  // coupling, program config: not part of ALAC as encoded
                throw ALACDamage("it holds an element ALAC does not use")
            }
            if let frames, frames != count { throw ALACDamage("its channels differ in length") }
            frames = count
        }
    }

    /// A data stream element (DSE): private bytes, skipped. Apple's reference decoder
    /// reads no instance tag here (unlike AAC's DSE); files that play there parse so here.
    private func skipDataStream(_ reader: inout ALACBitReader) throws(ALACDamage) {
        let aligned = try reader.read(1) != 0
        var count = Int(try reader.read(8))
        if count == 255 { count += Int(try reader.read(8)) }
        if aligned { try reader.alignToByte() }
        try reader.skip(count * 8)
    }

    /// A fill element (FIL): padding, skipped.
    private func skipFill(_ reader: inout ALACBitReader) throws(ALACDamage) {
        var count = Int(try reader.read(4))
        if count == 15 { count += Int(try reader.read(8)) - 1 }
        try reader.skip(count * 8)
    }
}
