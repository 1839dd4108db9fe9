/// Decodes one audio element of an ALAC packet, a single channel (SCE/LFE) or a channel
/// pair (CPE), into right-justified samples of the track's bit depth. The element header
/// says whether the packet is partial (its own sample count), how many low bytes were
/// shifted off and sent verbatim, and whether the audio is compressed or an escape
/// (uncompressed PCM, which the encoder sends when compression would not pay).
struct ALACElementDecoder {
    let config: ALACConfig
    /// Scratch for one channel's residuals, `frameLength` long.
    let residuals: UnsafeMutablePointer<Int32>
    /// Two sets of up to 31 predictor coefficients (they adapt while decoding).
    let coefs: UnsafeMutablePointer<Int16>

    static let coefCapacity = 32

    /// What each compressed channel's header says about its prediction.
    private struct ChannelHeader {
        var mode: Int
        var denShift: Int
        var pbFactor: Int
        var order: Int
    }

    /// Decodes the element whose tag was just read into `u` (and `v` for a pair); returns
    /// its sample count.
    func decode(_ reader: inout ALACBitReader, into u: UnsafeMutablePointer<Int32>,
                _ v: UnsafeMutablePointer<Int32>?) throws(ALACDamage) -> Int {
        let channels = v == nil ? 1 : 2
        _ = try reader.read(4)  // element instance tag: which of several elements; unused for 1–2 channels
        guard try reader.read(12) == 0 else { throw ALACDamage("an element header has reserved bits set") }
        let flags = try reader.read(4)
        let bytesShifted = Int((flags >> 1) & 3)
        guard bytesShifted != 3 else { throw ALACDamage("an element shifts off 3 bytes (at most 2 are allowed)") }
        var count = config.frameLength
        if flags & 0b1000 != 0 {
            count = Int(try reader.read(32))
            guard count <= config.frameLength else {
                throw ALACDamage("a partial frame claims \(count) samples, more than the \(config.frameLength) of a frame")
            }
        }
        if flags & 1 != 0 {
            // Escape: verbatim PCM at the full depth (a pair's second channel is not a difference).
            let bits = channels == 2 ? config.bitDepth : config.bitDepth - bytesShifted * 8
            try readVerbatim(&reader, into: u, v, count: count, bits: bits)
            return count
        }

        let bits = config.bitDepth - bytesShifted * 8 + (channels - 1)  // a pair's difference needs one bit more
        guard (1...32).contains(bits) else { throw ALACDamage("an element's sample width is \(bits) bits") }
        let mixBits = Int(try reader.read(8))
        let mixRes = Int32(Int8(truncatingIfNeeded: try reader.read(8)))
        let first = try readChannelHeader(&reader, coefs: coefs)
        let second = channels == 2 ? try readChannelHeader(&reader, coefs: coefs + Self.coefCapacity) : first

        // The verbatim low bits come before the compressed audio; read them after it.
        var lowBits = reader
        let shiftBits = bytesShifted * 8
        try reader.skip(shiftBits * channels * count)

        try decodeChannel(&reader, header: first, coefs: coefs, into: u, count: count, bits: bits)
        if let v {
            try decodeChannel(&reader, header: second, coefs: coefs + Self.coefCapacity, into: v, count: count, bits: bits)
            ALACChannelMatrix.unmix(u, v, count: count, mixBits: mixBits, mixRes: mixRes)
        }
        if shiftBits > 0 {
            try ALACChannelMatrix.restoreLowBits(u, v, count: count, bits: shiftBits, from: &lowBits)
        }
        return count
    }

    private func readChannelHeader(_ reader: inout ALACBitReader,
                                   coefs: UnsafeMutablePointer<Int16>) throws(ALACDamage) -> ChannelHeader {
        let modeByte = try reader.read(8)
        let orderByte = try reader.read(8)
        let header = ChannelHeader(mode: Int(modeByte >> 4), denShift: Int(modeByte & 0xf),
                                   pbFactor: Int(orderByte >> 5), order: Int(orderByte & 0x1f))
        for i in 0..<header.order {
            coefs[i] = Int16(truncatingIfNeeded: try reader.read(16))
        }
        return header
    }

    private func decodeChannel(_ reader: inout ALACBitReader, header: ChannelHeader, coefs: UnsafeMutablePointer<Int16>,
                               into out: UnsafeMutablePointer<Int32>, count: Int, bits: Int) throws(ALACDamage) {
        let parameters = ALACRiceDecoder.Parameters(initialMean: UInt32(config.mb),
                                                    rate: UInt32(config.pb * header.pbFactor / 4),
                                                    maxK: UInt32(config.kb))
        try ALACRiceDecoder.decode(&reader, into: residuals, count: count, parameters: parameters, sampleBits: bits)
        if header.mode != 0 {
            // Any other mode first undoes a first-order difference taken before prediction.
            ALACPredictor.restore(residuals, into: residuals, count: count, coefs: coefs,
                                  order: ALACPredictor.firstOrder, bits: bits, denShift: 0)
        }
        ALACPredictor.restore(residuals, into: out, count: count, coefs: coefs, order: header.order,
                              bits: bits, denShift: header.denShift)
    }

    private func readVerbatim(_ reader: inout ALACBitReader, into u: UnsafeMutablePointer<Int32>,
                              _ v: UnsafeMutablePointer<Int32>?, count: Int, bits: Int) throws(ALACDamage) {
        guard (1...32).contains(bits) else { throw ALACDamage("an element's sample width is \(bits) bits") }
        try reader.require(bits * (v == nil ? 1 : 2) * count)
        for j in 0..<count {
            u[j] = try reader.readSigned(bits)
            if let v { v[j] = try reader.readSigned(bits) }
        }
    }
}
