/// Opus in Ogg: OpusTags, pre-skip and the last granule for the exact length, R128
/// gains; libopusfile decodes at 48 kHz.
struct OpusFormat: AudioFormat {
    let name = "Opus"
    let suffixes = ["opus"]
    let mimeTypes = ["audio/opus"]
    let plexNames = ["opus"]

    func probe(_ head: [UInt8]) -> Bool {
        head.starts(with: Array("OggS".utf8)) && head.count >= 36 && Array(head[28..<36]) == Array("OpusHead".utf8)
    }

    func readMetadata(path: String) throws(FormatReadError) -> TrackMetadata {
        throw FormatReadError(path: path, reason: "Opus is not supported yet")
    }

    func makeDecoder(source: any ByteSource, path: String) throws(DecodeError) -> any TrackDecoder {
        throw DecodeError(path: path, reason: "Opus is not supported yet")
    }
}
