import CrateFormats

/// Where an album's cover comes from, given one of its tracks: the picture embedded in
/// the track (a byte range the library recorded while scanning), else an image file
/// next to it (cover.jpg, folder.jpg, …), else nothing.
public enum ArtworkSource: Sendable, Equatable, CustomStringConvertible {
    case embedded(trackPath: String, location: ArtworkLocation)
    case file(path: String)

    /// Larger than any sane cover; the bound on what is read into memory.
    public static let maxBytes = 16 * 1024 * 1024

    /// Folder images in order of preference, matched case-insensitively. A name that says
    /// "cover" beats one that says "folder" beats "front"; JPEG before PNG within each.
    public static let folderImageNames = [
        "cover.jpg", "cover.jpeg", "folder.jpg", "folder.jpeg", "front.jpg", "front.jpeg",
        "cover.png", "folder.png", "front.png", "album.jpg", "album.jpeg", "album.png",
        "albumart.jpg", "albumart.jpeg", "albumart.png",
    ]

    public var description: String {
        switch self {
        case .embedded(let trackPath, let location): return "picture embedded in \(trackPath) at \(location.offset)"
        case .file(let path): return path
        }
    }

    /// The best source, or nil when the album has no cover at all.
    public static func locate(trackPath: String, embedded: ArtworkLocation?) throws(ArtworkError) -> ArtworkSource? {
        try candidates(trackPath: trackPath, embedded: embedded).first
    }

    /// Every source, best first, so a caller can fall back when the first one does not
    /// decode (a GIF embedded next to a good cover.jpg). `embedded` is what the library
    /// recorded for the track; nil means the track has no usable embedded picture.
    /// Throws only when nothing was found and the folder could not be listed: an
    /// unreadable folder is not the same as an album without art.
    public static func candidates(trackPath: String, embedded: ArtworkLocation?) throws(ArtworkError) -> [ArtworkSource] {
        var found: [ArtworkSource] = []
        if let embedded { found.append(.embedded(trackPath: trackPath, location: embedded)) }
        let folder = ArtworkDirectory.parent(of: trackPath)
        do {
            var folders = [folder]
            // Multi-disc albums keep one cover above "CD1", "Disc 2", …
            if isDiscFolder(ArtworkDirectory.lastComponent(of: folder)) {
                folders.append(ArtworkDirectory.parent(of: folder))
            }
            for directory in folders {
                if let image = try folderImage(in: directory) {
                    found.append(.file(path: image))
                    break
                }
            }
        } catch {
            if found.isEmpty { throw error }
        }
        return found
    }

    /// The picture the track's own tags carry, whatever its format, read from the file
    /// (for tracks the library has not scanned, such as a download in progress).
    public static func embeddedLocation(inTrack path: String) throws(ArtworkError) -> ArtworkLocation? {
        do {
            return try FormatRegistry.readMetadata(path: path).tags.artwork
        } catch {
            throw .unreadable(path: path, reason: error.reason)
        }
    }

    /// The picture's bytes: exactly the recorded range of the track, or the whole file.
    public func readBytes(limit: Int = ArtworkSource.maxBytes) throws(ArtworkError) -> [UInt8] {
        switch self {
        case .embedded(let trackPath, let location) where !location.isByteRange:
            // Encoded in the file (Ogg's base64 picture comment): the format decodes it.
            guard location.length <= limit else {
                throw .unreadable(path: trackPath, reason: "embedded picture of \(location.length) bytes is too large")
            }
            let bytes: [UInt8]?
            do {
                bytes = try FormatRegistry.embeddedPicture(path: trackPath)
            } catch {
                throw .unreadable(path: trackPath, reason: error.reason)
            }
            guard let bytes else { throw .unreadable(path: trackPath, reason: "the embedded picture is gone") }
            return bytes
        case .embedded(let trackPath, let location):
            return try ArtworkFileReader.readRange(path: trackPath, offset: location.offset,
                                                   length: location.length, limit: limit)
        case .file(let path):
            return try ArtworkFileReader.readWhole(path: path, limit: limit)
        }
    }

    private static func folderImage(in directory: String) throws(ArtworkError) -> String? {
        let names = try ArtworkDirectory.names(in: directory)
        var byLowercase: [String: String] = [:]
        for name in names.sorted() { byLowercase[name.lowercased()] = byLowercase[name.lowercased()] ?? name }
        for wanted in folderImageNames {
            guard let name = byLowercase[wanted] else { continue }
            let path = directory == "/" ? "/" + name : directory + "/" + name
            if ArtworkDirectory.isRegularFile(path) { return path }
        }
        return nil
    }

    /// "CD1", "cd 2", "Disc 3", "disk_1 (bonus)": a disc of a multi-disc album.
    static func isDiscFolder(_ name: Substring) -> Bool {
        let lower = name.lowercased()
        for prefix in ["disc", "disk", "cd"] where lower.hasPrefix(prefix) {
            let rest = lower.dropFirst(prefix.count).drop(while: { $0 == " " || $0 == "_" || $0 == "-" || $0 == "." })
            return rest.first?.isASCII == true && rest.first?.isNumber == true
        }
        return false
    }
}
