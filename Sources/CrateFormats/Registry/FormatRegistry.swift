import CratePosix

/// The formats Crate plays, in probing order (strong signatures first, MP3's frame sync
/// last). Adding a format is one type and one line here; the scanner, folder albums,
/// artwork, the Plex sync and the audio engine all ask this registry.
public enum FormatRegistry {
    public static let all: [any AudioFormat] = [
        FLACFormat(),
        OggVorbisFormat(),
        OpusFormat(),
        MP4Format(),
        MP3Format(),
    ]

    /// Bytes read from the start of a file to recognise its format.
    public static let probeSize = 64

    /// Every suffix some format claims, lower case without the dot.
    public static let suffixes: Set<String> = Set(all.flatMap(\.suffixes))

    /// The format a file name's suffix promises, if any ("03 Song.FLAC" → FLAC).
    public static func format(forName name: String) -> (any AudioFormat)? {
        guard let dot = name.lastIndex(of: ".") else { return nil }
        let suffix = name[name.index(after: dot)...].lowercased()
        return all.first { $0.suffixes.contains(suffix) }
    }

    /// Whether a directory entry is worth reading as audio: its suffix is one Crate plays.
    public static func isAudioFileName(_ name: String) -> Bool { format(forName: name) != nil }

    /// The format of a file starting with `head`, decided by content.
    public static func format(forHead head: [UInt8]) -> (any AudioFormat)? {
        all.first { $0.probe(head) }
    }

    /// The format Plex names a part with (container, then codec), if Crate plays it.
    public static func format(plexContainer container: String?, codec: String?) -> (any AudioFormat)? {
        for name in [container, codec].compactMap({ $0?.lowercased() }) {
            if let format = all.first(where: { $0.plexNames.contains(name) }) { return format }
        }
        return nil
    }

    /// The format of the file at `path`: by its content, else by its name (so that a
    /// damaged file gets its own format's explanation), else an error saying what it is.
    public static func format(ofFile path: String) throws(FormatReadError) -> any AudioFormat {
        let head: [UInt8]
        do {
            head = try RegularFile(path: path).read(at: 0, count: probeSize)
        } catch let error as RegularFile.OpenError {
            throw FormatReadError(path: path, reason: error.reason)
        } catch {
            throw FormatReadError(path: path, reason: "read failed: \(error)")
        }
        if let format = format(forHead: head) { return format }
        if let format = format(forName: path) { return format }
        throw FormatReadError(path: path, reason: head.isEmpty ? "empty file"
            : "not an audio file Crate plays (\(FileKind.describe(head, at: 0)))")
    }

    /// Tags and stream facts of the file at `path`, read by the format its content shows.
    public static func readMetadata(path: String) throws(FormatReadError) -> TrackMetadata {
        try format(ofFile: path).readMetadata(path: path)
    }

    /// A decoder for `source`, by the format its first bytes show (a stream's first bytes
    /// are waited for), else by `path`'s suffix.
    public static func makeDecoder(source: any ByteSource, path: String) throws(DecodeError) -> any TrackDecoder {
        let head = try ByteCursor(source).bytes(at: 0, count: probeSize)
        guard !head.isEmpty else { throw DecodeError(path: path, reason: "empty file") }
        guard let format = format(forHead: head) ?? format(forName: path) else {
            throw DecodeError(path: path, reason: "not an audio file Crate plays (\(FileKind.describe(head, at: 0)))")
        }
        return try format.makeDecoder(source: source, path: path)
    }

    /// The embedded picture's bytes for formats that do not keep it as a byte range.
    public static func embeddedPicture(path: String) throws(FormatReadError) -> [UInt8]? {
        try format(ofFile: path).embeddedPicture(path: path)
    }
}
