/// Opus in Ogg: OpusTags, pre-skip and the last granule for the exact length, R128
/// gains; libopusfile decodes at 48 kHz.
struct OpusFormat: AudioFormat {
    let name = "Opus"
    let suffixes = ["opus"]
    let mimeTypes = ["audio/opus"]
    let plexNames = ["opus"]
    /// Plex calls both Ogg codecs' container "ogg": the codec tells them apart.
    let plexContainers = ["ogg", "opus"]
    let plexCodecs = ["opus"]

    func probe(_ head: [UInt8]) -> Bool {
        head.starts(with: Array("OggS".utf8)) && head.count >= 36 && Array(head[28..<36]) == Array("OpusHead".utf8)
    }

    func readMetadata(path: String) throws(FormatReadError) -> TrackMetadata {
        try OggMetadataReader.read(path: path, codec: .opus)
    }

    func makeDecoder(source: any ByteSource, path: String) throws(DecodeError) -> any TrackDecoder {
        try OpusDecoder(source: source, path: path)
    }

    /// The picture of a METADATA_BLOCK_PICTURE comment, decoded from base64.
    func embeddedPicture(path: String) throws(FormatReadError) -> [UInt8]? {
        try OggMetadataReader.picture(path: path, codec: .opus)
    }
}
