/// FLAC: STREAMINFO's exact length, Vorbis comments, PICTURE blocks; libFLAC decodes.
struct FLACFormat: AudioFormat {
    let name = "FLAC"
    let suffixes = ["flac"]
    let mimeTypes = ["audio/flac", "audio/x-flac"]
    let plexNames = ["flac"]

    func probe(_ head: [UInt8]) -> Bool { head.starts(with: Array("fLaC".utf8)) }

    func readMetadata(path: String) throws(FormatReadError) -> TrackMetadata {
        throw FormatReadError(path: path, reason: "FLAC is not supported yet")
    }

    func makeDecoder(source: any ByteSource, path: String) throws(DecodeError) -> any TrackDecoder {
        throw DecodeError(path: path, reason: "FLAC is not supported yet")
    }
}
