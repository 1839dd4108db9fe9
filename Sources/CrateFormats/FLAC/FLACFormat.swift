/// FLAC: STREAMINFO's exact length, Vorbis comments, PICTURE blocks; libFLAC decodes.
struct FLACFormat: AudioFormat {
    let name = "FLAC"
    let suffixes = ["flac"]
    let mimeTypes = ["audio/flac", "audio/x-flac"]
    let plexNames = ["flac"]

    /// "fLaC" at the start, or right after an ID3v2 tag small enough to end within `head`
    /// (a longer tag hides the marker from a probe; such a file is recognised by name).
    func probe(_ head: [UInt8]) -> Bool {
        let marker = FLACStreamInfo.markerOffset(head)
        return head.count >= marker + 4 && head[marker..<marker + 4].elementsEqual("fLaC".utf8)
    }

    func readMetadata(path: String) throws(FormatReadError) -> TrackMetadata {
        let info = try FLACMetadataReader.read(path: path)
        return TrackMetadata(tags: info.tags, stream: info.stream)
    }

    func makeDecoder(source: any ByteSource, path: String) throws(DecodeError) -> any TrackDecoder {
        try FLACDecoder(source: source, path: path)
    }
}
