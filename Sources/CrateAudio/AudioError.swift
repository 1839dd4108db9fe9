import CrateCore

/// Failures of the audio output, in words fit for `status`.
public enum AudioError: UserFacingError, Equatable {
    case deviceOpen(device: String, reason: String)
    case deviceConfig(device: String, reason: String)
    case deviceLost(device: String, reason: String)

    public var userMessage: String {
        switch self {
        case .deviceOpen(let device, let reason): "cannot open audio device '\(device)': \(reason)"
        case .deviceConfig(let device, let reason): "audio device '\(device)' refused the format: \(reason)"
        case .deviceLost(let device, let reason): "audio device '\(device)' failed: \(reason)"
        }
    }
}
