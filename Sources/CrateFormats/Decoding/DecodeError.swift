import CrateCore

/// Why a file could not be decoded, in words fit for `status`.
public struct DecodeError: UserFacingError, Equatable {
    public let path: String
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var userMessage: String { "\(path): \(reason)" }
}
