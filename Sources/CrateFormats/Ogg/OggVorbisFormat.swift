/// Ogg Vorbis: the comment header, the last page's granule for the exact length;
/// libvorbisfile decodes.
struct OggVorbisFormat: AudioFormat {
    let name = "Ogg Vorbis"
    let suffixes = ["ogg", "oga"]
    let mimeTypes = ["audio/ogg", "audio/vorbis"]
    let plexNames = ["ogg", "vorbis"]
    /// Plex calls both Ogg codecs' container "ogg": the codec tells them apart.
    let plexContainers = ["ogg", "oga"]
    let plexCodecs = ["vorbis"]

    /// "OggS" and, in the first packet (page header of 27 bytes + 1 lacing byte), "\u{1}vorbis".
    func probe(_ head: [UInt8]) -> Bool {
        head.starts(with: Array("OggS".utf8)) && head.count >= 35 && Array(head[29..<35]) == Array("vorbis".utf8)
    }

    func readMetadata(path: String) throws(FormatReadError) -> TrackMetadata {
        try OggMetadataReader.read(path: path, codec: .vorbis)
    }

    func makeDecoder(source: any ByteSource, path: String) throws(DecodeError) -> any TrackDecoder {
        try VorbisDecoder(source: source, path: path)
    }

    /// The picture of a METADATA_BLOCK_PICTURE comment, decoded from base64.
    func embeddedPicture(path: String) throws(FormatReadError) -> [UInt8]? {
        try OggMetadataReader.picture(path: path, codec: .vorbis)
    }
}
