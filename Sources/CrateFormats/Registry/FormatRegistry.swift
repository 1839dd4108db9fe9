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
    /// By bytes, with no copy: the scanner asks this of every file in the library.
    public static func isAudioFileName(_ name: String) -> Bool {
        var suffix: (UInt64, Int) = (0, 0)  // up to 7 lower-cased bytes after the last dot
        for byte in name.utf8.reversed() {
            if byte == UInt8(ascii: ".") { return suffix.1 > 0 && packedSuffixes.contains(suffix.0) }
            guard suffix.1 < 7 else { return false }
            suffix = (suffix.0 << 8 | UInt64(byte | (byte >= 0x41 && byte <= 0x5A ? 0x20 : 0)), suffix.1 + 1)
        }
        return false
    }

    /// Each suffix's bytes packed last-first into an integer, as `isAudioFileName` reads them.
    private static let packedSuffixes: Set<UInt64> = Set(suffixes.map { suffix in
        suffix.utf8.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    })

    /// The format of a file starting with `head`, decided by content.
    public static func format(forHead head: [UInt8]) -> (any AudioFormat)? {
        all.first { $0.probe(head) }
    }

    /// The format of a Plex part, if Crate plays it: every sign the server gives (the
    /// container, the codec, the file extension) must agree on one format, and there must
    /// be at least one. A disagreement ("mp3" codec in an "mp4" container) is not playable.
    public static func format(plexContainer container: String?, codec: String?,
                              fileExtension: String?) -> (any AudioFormat)? {
        let container = container?.lowercased(), codec = codec?.lowercased(), suffix = fileExtension?.lowercased()
        guard container != nil || codec != nil || suffix != nil else { return nil }
        return all.first { format in
            (container.map { format.plexContainers.contains($0) } ?? true)
                && (codec.map { format.plexCodecs.contains($0) } ?? true)
                && (suffix.map { format.suffixes.contains($0) || format.plexContainers.contains($0) } ?? true)
        }
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
        if let format = try format(forHead: head, afterTag: { offset throws(FormatReadError) in
            do {
                return try RegularFile(path: path).read(at: offset, count: probeSize)
            } catch {
                throw FormatReadError(path: path, reason: "read failed: \(error)")
            }
        }) { return format }
        if let format = format(forName: path) { return format }
        throw FormatReadError(path: path, reason: head.isEmpty ? "empty file" : unknownReason(head))
    }

    /// What a file no format claims is, in words.
    static func unknownReason(_ head: [UInt8]) -> String {
        "not an audio file Crate plays (\(FileKind.describe(head, at: 0, unknown: "no format it knows starts like this")))"
    }

    /// The format `head` shows. An ID3v2 tag in front (some taggers put one before FLAC)
    /// is looked past: the bytes after it decide, and MP3 only when nothing else matches.
    static func format<E: Error>(forHead head: [UInt8], afterTag: (Int) throws(E) -> [UInt8]) throws(E) -> (any AudioFormat)? {
        if let tag = ID3v2Header(head) {
            let inner = try afterTag(tag.totalSize)
            if let format = all.first(where: { !($0 is MP3Format) && $0.probe(inner) }) { return format }
        }
        return format(forHead: head)
    }

    /// Tags and stream facts of the file at `path`, read by the format its content shows.
    public static func readMetadata(path: String) throws(FormatReadError) -> TrackMetadata {
        try format(ofFile: path).readMetadata(path: path)
    }

    /// A decoder for `source`, by the format its first bytes show (a stream's first bytes
    /// are waited for), else by `path`'s suffix.
    public static func makeDecoder(source: any ByteSource, path: String) throws(DecodeError) -> any TrackDecoder {
        let cursor = ByteCursor(source)
        let head = try cursor.bytes(at: 0, count: probeSize)
        guard !head.isEmpty else { throw DecodeError(path: path, reason: "empty file") }
        let recognised = try format(forHead: head) { offset throws(DecodeError) in try cursor.bytes(at: offset, count: probeSize) }
        guard let format = recognised ?? format(forName: path) else {
            throw DecodeError(path: path, reason: unknownReason(head))
        }
        return try format.makeDecoder(source: source, path: path)
    }

    /// The embedded picture's bytes for formats that do not keep it as a byte range.
    public static func embeddedPicture(path: String) throws(FormatReadError) -> [UInt8]? {
        try format(ofFile: path).embeddedPicture(path: path)
    }
}
