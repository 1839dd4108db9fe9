import CrateCore

/// A console font that could not be used, naming the file and why.
public enum FontError: UserFacingError, Equatable, Sendable {
    case unreadable(path: String, reason: String)
    case malformed(source: String, reason: String)

    public var userMessage: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read font '\(path)': \(reason)"
        case .malformed(let source, let reason): "font '\(source)' is not a usable PSF font: \(reason)"
        }
    }
}
