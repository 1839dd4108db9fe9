import CrateCore

/// Why a cover could not be found, read, decoded or cached. Every case reads as a
/// sentence fit for `status` or a log line.
public enum ArtworkError: UserFacingError, Equatable, Sendable {
    /// Zero bytes where a picture should be.
    case empty
    /// A picture format the box does not decode (GIF, BMP, WebP, TIFF, …).
    case unsupportedType(String)
    /// The bytes are not a picture format we recognise at all.
    case unrecognizedData
    /// Refused before allocating: more pixels than a 512 MB board should hold.
    case tooLarge(width: Int, height: Int)
    /// The decoder failed; `reason` is its own message.
    case corrupt(type: String, reason: String)
    /// The box to fit the picture into is empty or absurd.
    case invalidBox(width: Int, height: Int)
    /// A file (track, folder image, folder) could not be opened or read.
    case unreadable(path: String, reason: String)
    /// The recorded embedded picture does not fit the file (stale scan, damaged tag).
    case badLocation(path: String, reason: String)
    /// The on-disk cache directory cannot be created or written.
    case cacheUnavailable(path: String, reason: String)
    /// A cover fetched from a server (a Plex album's) did not arrive as a picture:
    /// refused, unreachable, timed out, an HTML page, bytes that do not decode.
    case fetchFailed(source: String, reason: String)
    /// A scaled cover could not be written out as a JPEG (for the `cover` command).
    case encodeFailed(reason: String)

    public var userMessage: String {
        switch self {
        case .empty: return "empty picture (0 bytes)"
        case .unsupportedType(let type): return "unsupported picture type \(type) (only JPEG and PNG are shown)"
        case .unrecognizedData: return "unsupported picture type: the data is not a recognised image format"
        case .tooLarge(let width, let height): return "picture too large to decode: \(width)×\(height) pixels"
        case .corrupt(let type, let reason): return "corrupt \(type) picture: \(reason)"
        case .invalidBox(let width, let height): return "cannot fit artwork into a \(width)×\(height) box"
        case .unreadable(let path, let reason): return "cannot read artwork from \(path): \(reason)"
        case .badLocation(let path, let reason): return "embedded picture in \(path) is unusable: \(reason)"
        case .cacheUnavailable(let path, let reason): return "artwork cache \(path) is unusable: \(reason)"
        case .fetchFailed(let source, let reason): return "cannot fetch the cover \(source): \(reason)"
        case .encodeFailed(let reason): return "cannot write the cover as a JPEG: \(reason)"
        }
    }

    /// Failures that may go away by themselves (a disk not yet mounted, a file being
    /// copied); everything else is in the data and stays until the album changes.
    public var isTransient: Bool {
        switch self {
        case .unreadable, .cacheUnavailable, .fetchFailed: return true
        default: return false
        }
    }
}
