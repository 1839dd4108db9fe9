/// Why a file could not be read as audio: the path and a reason a person can act on
/// ("not an MP3 file (it is a RIFF/WAVE file)", "cannot open: Permission denied").
public struct FormatReadError: Error, CustomStringConvertible, Sendable, Equatable {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}
