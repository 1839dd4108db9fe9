/// The two codecs Crate plays from Ogg, and how their header packets begin.
enum OggCodec: Sendable {
    case vorbis, opus

    /// "Vorbis", "Opus": `StreamInfo.codec` and messages.
    var name: String {
        switch self {
        case .vorbis: "Vorbis"
        case .opus: "Opus"
        }
    }

    var identificationSignature: [UInt8] {
        switch self {
        case .vorbis: [1] + Array("vorbis".utf8)
        case .opus: Array("OpusHead".utf8)
        }
    }

    /// The comment packet's signature; the Vorbis comments follow it.
    var commentSignature: [UInt8] {
        switch self {
        case .vorbis: [3] + Array("vorbis".utf8)
        case .opus: Array("OpusTags".utf8)
        }
    }

    /// The codec a logical stream's first packet announces, for "an Ogg file holding …".
    static func describe(firstPacket packet: [UInt8]) -> String {
        let known: [(signature: [UInt8], name: String)] = [
            ([1] + Array("vorbis".utf8), "Vorbis"), (Array("OpusHead".utf8), "Opus"),
            ([0x7F] + Array("FLAC".utf8), "FLAC"), (Array("Speex   ".utf8), "Speex"),
            ([0x80] + Array("theora".utf8), "Theora video"), (Array("fishead\0".utf8), "a Skeleton index"),
            (Array("PCM     ".utf8), "PCM"), ([0x80] + Array("kate\0\0\0".utf8), "Kate subtitles"),
        ]
        return known.first { packet.starts(with: $0.signature) }?.name ?? "an unknown codec"
    }
}

/// The facts of a Vorbis identification header or an OpusHead packet.
struct OggIdentification: Equatable {
    var channels: Int
    /// The rate the decoder produces: Vorbis's own, always 48 kHz for Opus.
    var sampleRate: Int
    /// Vorbis's nominal bitrate in bit/s, when the encoder set one.
    var nominalBitrate: Int?
    /// Opus: samples at 48 kHz to drop from the start (the encoder's delay).
    var preSkip = 0
    /// Opus: the gain libopusfile applies, Q7.8 dB.
    var outputGainQ8 = 0
    /// Opus: the rate of the encoder's input (informational only).
    var inputRate: Int?

    /// Parses the first packet of a logical stream of `codec`.
    static func parse(_ packet: [UInt8], codec: OggCodec) throws(OggHeaderError) -> OggIdentification {
        func u32(_ at: Int) -> Int {
            Int(packet[at]) | Int(packet[at + 1]) << 8 | Int(packet[at + 2]) << 16 | Int(packet[at + 3]) << 24
        }
        switch codec {
        case .vorbis:
            guard packet.count >= 30 else { throw OggHeaderError("truncated: the Vorbis identification header is cut short") }
            guard u32(7) == 0 else { throw OggHeaderError("unsupported Vorbis version \(u32(7))") }
            let channels = Int(packet[11])
            let rate = u32(12)
            guard channels > 0, rate > 0, packet[29] & 1 == 1 else {
                throw OggHeaderError("damaged Vorbis identification header")
            }
            let nominal = Int(Int32(truncatingIfNeeded: u32(20)))
            return OggIdentification(channels: channels, sampleRate: rate, nominalBitrate: nominal > 0 ? nominal : nil)
        case .opus:
            guard packet.count >= 19 else { throw OggHeaderError("truncated: the OpusHead header is cut short") }
            guard packet[8] >> 4 == 0 else { throw OggHeaderError("unsupported Opus version \(packet[8])") }
            let channels = Int(packet[9])
            guard channels > 0 else { throw OggHeaderError("damaged OpusHead header (0 channels)") }
            let gain = Int(Int16(bitPattern: UInt16(packet[16]) | UInt16(packet[17]) << 8))
            let inputRate = u32(12)
            return OggIdentification(channels: channels, sampleRate: 48000, nominalBitrate: nil,
                                     preSkip: Int(packet[10]) | Int(packet[11]) << 8, outputGainQ8: gain,
                                     inputRate: inputRate > 0 ? inputRate : nil)
        }
    }
}

/// Why an Ogg header could not be used, in words for a person.
struct OggHeaderError: Error, Equatable {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}
