/// The MPEG-4 ES_Descriptor inside an `esds` box (ISO 14496-1): the object type, the
/// declared bitrate and the DecoderSpecificInfo (for AAC, its AudioSpecificConfig).
struct ESDescriptor {
    var objectType = 0
    var averageBitrate = 0
    var decoderSpecificInfo: [UInt8] = []

    /// Parses the esds payload (version/flags, then the descriptor tree).
    static func parse(_ payload: [UInt8], path: String) throws(DecodeError) -> ESDescriptor {
        var r = BigEndianReader(payload, at: 4)
        var result = ESDescriptor()
        guard let (tag, length) = header(&r), tag == 0x03, let body = r.bytes(length) ?? r.bytes(r.remaining) else {
            throw DecodeError(path: path, reason: "the esds box holds no ES descriptor")
        }
        var es = BigEndianReader(Array(body))
        guard es.skip(2), let flags = es.u8() else { throw DecodeError(path: path, reason: "the ES descriptor is cut short") }
        if flags & 0x80 != 0 { _ = es.skip(2) }  // depends on another stream
        if flags & 0x40 != 0, let urlLength = es.u8() { _ = es.skip(urlLength) }
        if flags & 0x20 != 0 { _ = es.skip(2) }  // OCR stream
        while let (inner, innerLength) = header(&es), let innerBody = es.bytes(innerLength) {
            guard inner == 0x04 else { continue }
            var config = BigEndianReader(Array(innerBody))
            guard let objectType = config.u8(), config.skip(1 + 3 + 4), let average = config.u32() else {
                throw DecodeError(path: path, reason: "the decoder configuration descriptor is cut short")
            }
            result.objectType = objectType
            result.averageBitrate = average
            while let (child, childLength) = header(&config), let childBody = config.bytes(childLength) {
                if child == 0x05 {
                    result.decoderSpecificInfo = Array(childBody)
                    break
                }
            }
            return result
        }
        throw DecodeError(path: path, reason: "the esds box holds no decoder configuration")
    }

    /// A descriptor's tag and its length (up to four 7-bit groups, high bit = more).
    private static func header(_ r: inout BigEndianReader) -> (tag: Int, length: Int)? {
        guard let tag = r.u8() else { return nil }
        var length = 0
        for _ in 0..<4 {
            guard let byte = r.u8() else { return nil }
            length = length << 7 | byte & 0x7F
            if byte & 0x80 == 0 { return (tag, length) }
        }
        return (tag, length)
    }
}

/// The two-byte AudioSpecificConfig of plain AAC-LC, for MPEG-2 AAC entries that lack one.
enum AudioSpecificConfig {
    static let rates = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350]

    static func make(rate: Int, channels: Int) -> [UInt8]? {
        guard let index = rates.firstIndex(of: rate), (1...7).contains(channels) else { return nil }
        let bits = 2 << 11 | index << 7 | channels << 3  // object type 2 (LC), rate index, channel config
        return [UInt8(bits >> 8), UInt8(bits & 0xFF)]
    }
}
