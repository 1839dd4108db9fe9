/// One file format Crate plays: how it is recognised, how its tags are read and how it
/// is decoded. Each format is one type in its own folder, listed once in
/// `FormatRegistry.all`; nothing else in Crate names a format (MPD's decoder plugins).
public protocol AudioFormat: Sendable {
    /// "MP3", "FLAC", "Ogg Vorbis", … for messages.
    var name: String { get }
    /// File name suffixes, lower case, without the dot.
    var suffixes: [String] { get }
    var mimeTypes: [String] { get }
    /// The container or codec names a Plex server gives parts of this format
    /// (`Part.container`, `Media.audioCodec`), lower case.
    var plexNames: [String] { get }
    /// Of those, the containers and the codecs apart, where they differ ("mp4" holds
    /// "aac" or "alac", but an "aac" container is raw ADTS, which Crate does not play).
    var plexContainers: [String] { get }
    var plexCodecs: [String] { get }
    /// Whether a file starting with `head` (up to `FormatRegistry.probeSize` bytes) is
    /// of this format. Decided on content, so a mislabelled file is read for what it is.
    func probe(_ head: [UInt8]) -> Bool
    /// Tags and stream facts. Throws when the file is not playable; damaged tags in a
    /// playable file are `tags.problems`.
    func readMetadata(path: String) throws(FormatReadError) -> TrackMetadata
    /// A decoder reading `source`; `path` names the track in errors.
    func makeDecoder(source: any ByteSource, path: String) throws(DecodeError) -> any TrackDecoder
    /// The bytes of the embedded picture `tags.artwork` points at, for formats whose
    /// picture is not a plain byte range of the file (Ogg's base64 comment).
    func embeddedPicture(path: String) throws(FormatReadError) -> [UInt8]?
}

extension AudioFormat {
    public var plexContainers: [String] { plexNames }
    public var plexCodecs: [String] { plexNames }
    public func embeddedPicture(path: String) throws(FormatReadError) -> [UInt8]? { nil }
}
