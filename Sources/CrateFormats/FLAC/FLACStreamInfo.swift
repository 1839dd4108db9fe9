/// The STREAMINFO block every FLAC file opens with: rate, channels, depth and length.
/// Checked the same way by the metadata reader and the decoder, so that a file the
/// library lists is a file the player plays, and both refuse it in the same words.
struct FLACStreamInfo: Equatable {
    var minBlockSize: Int
    var maxBlockSize: Int
    var sampleRate: Int
    var channels: Int
    var bitsPerSample: Int
    /// Samples per channel; 0 when the encoder did not know (a stream piped in).
    var totalSamples: Int

    /// The marker, the first block's header and STREAMINFO's body: what `parse` needs.
    static let headerSize = 4 + 4 + 34

    /// A FLAC file's start as read from `bytes`, which begin where "fLaC" should be
    /// (right after an ID3v2 tag, if any). `afterID3` says a tag came before them.
    /// Returns the STREAMINFO and whether it is the only metadata block.
    static func parse(_ bytes: [UInt8], afterID3: Bool) throws(FLACDamage) -> (info: FLACStreamInfo, isLast: Bool) {
        guard bytes.starts(with: Array("fLaC".utf8)) else {
            if bytes.isEmpty { throw FLACDamage(afterID3 ? "no audio: only an ID3 tag" : "empty file") }
            if Array("fLaC".utf8).starts(with: bytes) { throw FLACDamage("truncated: the file ends after its first bytes") }
            throw FLACDamage("not a FLAC file (\(FLACStreamInfo.describe(bytes)))")
        }
        guard bytes.count >= 8 else { throw FLACDamage("truncated: no STREAMINFO block") }
        let type = bytes[4] & 0x7F
        let length = Int(bytes[5]) << 16 | Int(bytes[6]) << 8 | Int(bytes[7])
        guard type == FLACBlockType.streamInfo else {
            throw FLACDamage("damaged: the first metadata block is \(FLACBlockType.name(type)), not STREAMINFO")
        }
        guard length == 34 else { throw FLACDamage("damaged: the STREAMINFO block is \(length) bytes, not 34") }
        guard bytes.count >= headerSize else { throw FLACDamage("truncated: STREAMINFO block cut short") }
        let b = bytes[8..<headerSize].map(Int.init)
        let info = FLACStreamInfo(
            minBlockSize: b[0] << 8 | b[1],
            maxBlockSize: b[2] << 8 | b[3],
            sampleRate: b[10] << 12 | b[11] << 4 | b[12] >> 4,
            channels: (b[12] >> 1 & 0x7) + 1,
            bitsPerSample: ((b[12] & 0x1) << 4 | b[13] >> 4) + 1,
            totalSamples: (b[13] & 0xF) << 32 | b[14] << 24 | b[15] << 16 | b[16] << 8 | b[17])
        try info.check()
        return (info, bytes[4] & 0x80 != 0)
    }

    /// Values no encoder writes: a file claiming them is damaged, not merely unusual.
    private func check() throws(FLACDamage) {
        guard sampleRate > 0, sampleRate <= 655_350 else {
            throw FLACDamage("damaged: STREAMINFO gives a sample rate of \(sampleRate) Hz")
        }
        guard bitsPerSample >= 4 else { throw FLACDamage("damaged: STREAMINFO gives \(bitsPerSample) bits per sample") }
        guard maxBlockSize >= 16, minBlockSize <= maxBlockSize else {
            throw FLACDamage("damaged: STREAMINFO gives block sizes \(minBlockSize)–\(maxBlockSize)")
        }
    }

    /// Frames of audio in `audioBytes` when STREAMINFO does not say: FLAC typically
    /// keeps about 60% of the PCM size, so this is a guess for a progress bar, no more.
    func estimatedFrames(audioBytes: Int) -> Int {
        let pcmBytesPerFrame = Double(channels * bitsPerSample) / 8
        return Int(Double(max(0, audioBytes)) / (pcmBytesPerFrame * 0.6))
    }

    /// What a file that is not FLAC is instead, for the refusal.
    static func describe(_ bytes: [UInt8]) -> String {
        if MPEGFrameHeader(bytes, at: 0) != nil { return "it is an MP3 file" }
        // Not FileKind's fallbacks: they speak of MPEG frames, which a FLAC reader was not looking for.
        return FileKind.name(bytes, at: 0) ?? "no fLaC marker at the start"
    }

    /// Where "fLaC" should start in a file beginning with `head`: after an ID3v2 tag,
    /// which some taggers put in front of FLAC files although the format has none.
    static func markerOffset(_ head: [UInt8]) -> Int {
        ID3v2Header(head)?.totalSize ?? 0
    }
}

/// Why a file's FLAC structure cannot be used, in the words errors carry.
struct FLACDamage: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}

/// Metadata block types (FLAC format, METADATA_BLOCK_HEADER).
enum FLACBlockType {
    static let streamInfo: UInt8 = 0
    static let padding: UInt8 = 1
    static let application: UInt8 = 2
    static let seekTable: UInt8 = 3
    static let vorbisComment: UInt8 = 4
    static let cueSheet: UInt8 = 5
    static let picture: UInt8 = 6

    static func name(_ type: UInt8) -> String {
        switch type {
        case streamInfo: "STREAMINFO"
        case padding: "PADDING"
        case application: "APPLICATION"
        case seekTable: "SEEKTABLE"
        case vorbisComment: "VORBIS_COMMENT"
        case cueSheet: "CUESHEET"
        case picture: "PICTURE"
        default: "a block of type \(type)"
        }
    }
}
