/// Finds the first MPEG frame where the audio must begin (right after the ID3v2 tag,
/// allowing some zero padding) with the same rules as the player's probe, so that a
/// file the scanner accepts is a file the player plays.
enum AudioStart {
    /// Zero bytes tolerated between the ID3v2 tag and the first frame.
    static let maxPadding = 4096
    /// Bytes looked at from the end of the tag: padding, two frames, the Xing header.
    static let window = maxPadding + 8192

    /// `bytes` start at file offset `start` (the end of the ID3v2 tag); `audioEnd` is
    /// where the audio stops (before an ID3v1 tag).
    static func read(_ bytes: [UInt8], start: Int, audioEnd: Int, fileSize: Int,
                     path: String) throws(FormatReadError) -> MP3AudioInfo {
        var offset = 0
        while offset < min(bytes.count, maxPadding), bytes[offset] == 0 { offset += 1 }
        guard let first = MPEGFrameHeader(bytes, at: offset) else {
            if offset == bytes.count {
                throw FormatReadError(path: path, reason: start > 0 ? "no audio: only an ID3 tag" : "no audio: only zero bytes")
            }
            throw FormatReadError(path: path, reason: "not an MP3 file (\(FileKind.describe(bytes, at: offset)))")
        }
        // A second header right where the first frame ends rules out a chance sync word.
        let next = offset + first.frameLength
        if next + 4 <= bytes.count {
            guard let second = MPEGFrameHeader(bytes, at: next), second.isCompatible(with: first) else {
                throw FormatReadError(path: path, reason: "not an MP3 file (no second MPEG frame after the first)")
            }
        } else if start + next >= fileSize {
            throw FormatReadError(path: path, reason: "truncated: less than two MPEG frames of audio")
        }
        let mono = bytes[offset + 3] >> 6 == 3
        let hasCRC = bytes[offset + 1] & 0x01 == 0
        let sideInfo = first.version == .mpeg1 ? (mono ? 17 : 32) : (mono ? 9 : 17)
        let xing = XingHeader.find(in: bytes, frameStart: offset, frameLength: first.frameLength,
                                   sideInfoSize: sideInfo, hasCRC: hasCRC)
        let streamBytes = max(0, audioEnd - (start + offset))
        return MP3AudioInfo(first: first, channels: mono ? 1 : 2, xing: xing, streamBytes: streamBytes)
    }
}
