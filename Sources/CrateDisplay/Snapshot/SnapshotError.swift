import CrateCore

/// A display snapshot that could not be made or saved.
public enum SnapshotError: UserFacingError, Equatable, Sendable {
    case encode(reason: String)
    case write(path: String, reason: String)

    public var userMessage: String {
        switch self {
        case .encode(let reason): "cannot encode the display snapshot as PNG: \(reason)"
        case .write(let path, let reason): "cannot write the display snapshot to '\(path)': \(reason)"
        }
    }
}
