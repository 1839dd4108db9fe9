/// The codec an MP4 sound track holds, with the configuration its decoder needs.
enum MP4Codec: Equatable {
    /// AAC: the AudioSpecificConfig (the esds DecoderSpecificInfo).
    case aac(audioSpecificConfig: [UInt8])
    /// ALAC: the 24-byte ALACSpecificConfig (the inner 'alac' box after version/flags).
    case alac(config: [UInt8])
}

/// The first entry of a sound track's `stsd`: codec, channels, rate, and the bitrate
/// the encoder declared.
struct MP4SampleEntry: Equatable {
    let codec: MP4Codec
    let channels: Int
    let sampleRate: Int
    /// Bits per second from the esds, 0 when not given.
    let averageBitrate: Int

    /// Parses `stsd` (a full box: version/flags, entry count, then the entries).
    static func read(stsd: MP4Box, reader: MP4BoxReader) throws(DecodeError) -> MP4SampleEntry {
        guard let entry = try reader.children(of: stsd, skip: 8).first else {
            throw reader.fail("the sound track has no sample description")
        }
        switch entry.type {
        case "mp4a": return try mp4a(entry, reader: reader)
        case "alac": return try alac(entry, reader: reader)
        case "drms", "enca", "drmi":
            throw reader.fail("protected by DRM (\(entry.type)): Crate cannot play it")
        case ".mp3", "mp3 ":
            throw reader.fail("MP3 audio inside an MP4 is not supported")
        default:
            throw reader.fail("audio codec '\(entry.type)' in an MP4 is not supported")
        }
    }

    /// The fields every audio sample entry starts with, and where its child boxes begin
    /// (QuickTime sound description versions 1 and 2 add fields).
    private static func audioFields(_ entry: MP4Box, reader: MP4BoxReader) throws(DecodeError)
        -> (channels: Int, rate: Int, childSkip: Int) {
        let head = try reader.cursor.bytes(at: entry.payloadOffset, count: min(entry.payloadSize, 64))
        var r = BigEndianReader(head, at: 8)  // reserved(6), data reference index(2)
        guard let version = r.u16(), r.skip(6), let channels = r.u16(), r.skip(6), let rate = r.u32() else {
            throw reader.fail("the '\(entry.type)' sample description is cut short")
        }
        switch version {
        case 0: return (channels, rate >> 16, 28)
        case 1: return (channels, rate >> 16, 44)
        case 2:
            // Version 2 keeps the real values after the fixed part: size, rate (Float64), channels.
            var v2 = BigEndianReader(head, at: 28)
            guard v2.skip(4), let bits = v2.i64(), let count = v2.u32() else {
                throw reader.fail("the '\(entry.type)' sample description is cut short")
            }
            let value = Double(bitPattern: UInt64(bitPattern: Int64(bits)))
            return (count, value.isFinite && value > 0 && value < 1e7 ? Int(value) : 0, 64)
        default:
            throw reader.fail("the '\(entry.type)' sample description has unknown version \(version)")
        }
    }

    private static func mp4a(_ entry: MP4Box, reader: MP4BoxReader) throws(DecodeError) -> MP4SampleEntry {
        let fields = try audioFields(entry, reader: reader)
        guard let esds = try findESDS(in: entry, skip: fields.childSkip, reader: reader) else {
            throw reader.fail("the AAC sample description has no esds box")
        }
        let descriptor = try ESDescriptor.parse(try reader.payload(esds), path: reader.path)
        var config = descriptor.decoderSpecificInfo
        switch descriptor.objectType {
        case 0x40, 0x66, 0x67, 0x68:
            // MPEG-2 AAC may come without a DecoderSpecificInfo: LC at the entry's rate and channels.
            if config.isEmpty, let made = AudioSpecificConfig.make(rate: fields.rate, channels: fields.channels) {
                config = made
            }
            guard !config.isEmpty else { throw reader.fail("the AAC sample description has no AudioSpecificConfig") }
        case 0x69, 0x6B:
            throw reader.fail("MP3 audio inside an MP4 is not supported")
        default:
            throw reader.fail("audio object type 0x\(String(descriptor.objectType, radix: 16)) in an MP4 is not supported")
        }
        return MP4SampleEntry(codec: .aac(audioSpecificConfig: config), channels: fields.channels,
                              sampleRate: fields.rate, averageBitrate: descriptor.averageBitrate)
    }

    /// QuickTime files keep the esds inside a 'wave' box.
    private static func findESDS(in entry: MP4Box, skip: Int, reader: MP4BoxReader) throws(DecodeError) -> MP4Box? {
        for child in try reader.children(of: entry, skip: skip) {
            if child.type == "esds" { return child }
            if child.type == "wave", let inner = try findESDS(in: child, skip: 0, reader: reader) { return inner }
        }
        return nil
    }

    private static func alac(_ entry: MP4Box, reader: MP4BoxReader) throws(DecodeError) -> MP4SampleEntry {
        let fields = try audioFields(entry, reader: reader)
        guard let inner = try reader.child("alac", of: entry, skip: fields.childSkip) else {
            throw reader.fail("the ALAC sample description has no configuration")
        }
        let payload = try reader.payload(inner)
        guard payload.count >= 28 else { throw reader.fail("the ALAC configuration is cut short") }
        let config = Array(payload[4..<28])
        let info = ALACConfigFields(config)
        return MP4SampleEntry(codec: .alac(config: config), channels: info.channels,
                              sampleRate: info.sampleRate > 0 ? info.sampleRate : fields.rate,
                              averageBitrate: info.averageBitrate)
    }
}

/// The fields of the 24-byte ALACSpecificConfig Crate reports without decoding.
struct ALACConfigFields {
    let bitDepth: Int
    let channels: Int
    let averageBitrate: Int
    let sampleRate: Int

    init(_ config: [UInt8]) {
        var r = BigEndianReader(config, at: 5)
        bitDepth = r.u8() ?? 0
        _ = r.skip(3)  // pb, mb, kb
        channels = r.u8() ?? 0
        _ = r.skip(6)  // maxRun, maxFrameBytes
        averageBitrate = r.u32() ?? 0
        sampleRate = r.u32() ?? 0
    }
}
