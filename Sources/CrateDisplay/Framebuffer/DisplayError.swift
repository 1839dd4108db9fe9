import CrateCore

/// Failures of the display hardware, in words fit for the log and `status`; each names
/// the device and the system's reason.
public enum DisplayError: UserFacingError, Equatable, Sendable {
    case deviceOpen(device: String, reason: String)
    case notAFramebuffer(device: String, reason: String)
    case unsupportedFormat(device: String, detail: String)
    case mapFailed(device: String, reason: String)
    /// A best-effort step to keep the kernel console off the panel did not work.
    case console(step: String, reason: String)

    public var userMessage: String {
        switch self {
        case .deviceOpen(let device, let reason): "cannot open display device '\(device)': \(reason)"
        case .notAFramebuffer(let device, let reason): "'\(device)' is not a framebuffer device (\(reason))"
        case .unsupportedFormat(let device, let detail): "display device '\(device)' cannot be used: \(detail)"
        case .mapFailed(let device, let reason): "cannot map display device '\(device)' into memory: \(reason)"
        case .console(let step, let reason): "console: cannot \(step): \(reason)"
        }
    }
}
