/// PLACEHOLDER until the ALAC decoder lands: every ALAC track is refused with a reason.
/// The real `ALACCodec` (same initializer) replaces this file.
final class ALACCodec: MP4AudioCodec {
    var format: PCMFormat { PCMFormat(sampleRate: 0, channels: 0, bitsPerSample: 0) }
    var codecName: String { "ALAC" }
    var maxFramesPerPacket: Int { 0 }

    /// `config` is the 24-byte ALACSpecificConfig.
    init(config: [UInt8], path: String) throws(DecodeError) {
        throw DecodeError(path: path, reason: "ALAC decoding not available")
    }

    func decode(_ packet: UnsafeRawBufferPointer, into out: UnsafeMutablePointer<Int32>) throws(DecodeError) -> Int { 0 }

    func reset() {}
}
