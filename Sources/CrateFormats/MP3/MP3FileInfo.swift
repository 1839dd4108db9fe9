/// What the library needs to know about an MP3 file, read from as few bytes as
/// possible: the ID3v2 tag at the start (pictures stepped over), the first audio frame
/// with its Xing/Info/LAME header, and the ID3v1 tag in the last 128 bytes.
public struct MP3FileInfo: Sendable, Equatable {
    public var tags: TrackTags
    public var audio: MP3AudioInfo

    public init(tags: TrackTags, audio: MP3AudioInfo) {
        self.tags = tags
        self.audio = audio
    }

    /// The first read: an ID3v2 tag without a picture, and the first frames, fit in it.
    static let headSize = 32 * 1024

    /// Reads the file at `path`. Throws when it is not a playable MP3; a damaged tag
    /// in a playable file is not an error but `tags.problems`.
    public static func read(path: String) throws(FormatReadError) -> MP3FileInfo {
        let file = try FileBytes(path: path)
        guard file.size > 0 else { throw FormatReadError(path: path, reason: "empty file") }
        let head = try file.read(at: 0, count: headSize)

        let id3v2 = ID3v2Header(head)
        let audioStart = id3v2?.totalSize ?? 0
        if let id3v2, audioStart >= file.size {
            throw FormatReadError(path: path, reason: audioStart == file.size || id3v2.totalSize - file.size <= 10
                ? "no audio: only an ID3 tag"
                : "no audio: only an ID3 tag, which claims \(id3v2.totalSize) bytes of this \(file.size)-byte file")
        }

        // ID3v1 sits in the last 128 bytes, unless they belong to the tag or the first frames.
        var id3v1: TrackTags?
        if file.size - ID3v1.size >= audioStart {
            let tail = file.size <= head.count ? Array(head[(file.size - ID3v1.size)...])
                : try file.read(at: file.size - ID3v1.size, count: ID3v1.size)
            id3v1 = ID3v1.parse(tail)
        }
        var audioEnd = file.size - (id3v1 == nil ? 0 : ID3v1.size)
        // mp3gain's APEv2 tag sits between the audio and the ID3v1 tag.
        let ape = audioEnd > audioStart ? try APETag.read(file, endingAt: audioEnd) : nil
        if let ape, ape.start >= audioStart { audioEnd = ape.start }

        let window = audioStart + AudioStart.window <= head.count || head.count == file.size
            ? Array(head[min(audioStart, head.count)..<min(head.count, audioStart + AudioStart.window)])
            : try file.read(at: audioStart, count: AudioStart.window)
        let audio = try AudioStart.read(window, start: audioStart, audioEnd: audioEnd, fileSize: file.size, path: path)

        var tags = TrackTags()
        if let id3v2 {
            try ID3v2Reader.read(file: file, head: head, header: id3v2, into: &tags)
        }
        if tags.replayGain == nil { tags.replayGain = ape?.gain }
        if let id3v1 {
            tags.fillGaps(from: id3v1)
            tags.hasID3v1 = true
        }
        return MP3FileInfo(tags: tags, audio: audio)
    }
}
