/// MP3 (MPEG-1/2 layer III): ID3v2/ID3v1 tags, the Xing/LAME header's exact length,
/// libmpg123 for decoding.
struct MP3Format: AudioFormat {
    let name = "MP3"
    let suffixes = ["mp3"]
    let mimeTypes = ["audio/mpeg", "audio/mp3"]
    let plexNames = ["mp3"]

    func probe(_ head: [UInt8]) -> Bool {
        if head.starts(with: Array("ID3".utf8)) { return true }
        // A frame sync with a valid layer III header; the full check is the metadata reader's.
        return MPEGFrameHeader(head, at: 0) != nil
    }

    func readMetadata(path: String) throws(FormatReadError) -> TrackMetadata {
        let info = try MP3FileInfo.read(path: path)
        let audio = info.audio
        return TrackMetadata(tags: info.tags, stream: StreamInfo(
            codec: "MP3", sampleRate: audio.sampleRate, channels: audio.channels, bitsPerSample: 16,
            durationFrames: audio.durationFrames, exact: audio.exact, bitrate: audio.bitrate, lossless: false,
            truncation: audio.bytesAreWhole == false
                ? "truncated: the file holds less audio than its Xing/LAME header counts" : nil))
    }

    func makeDecoder(source: any ByteSource, path: String) throws(DecodeError) -> any TrackDecoder {
        try MP3Decoder(source: source, path: path)
    }
}
