/// What the player is doing, as a user would describe it.
public enum PlaybackState: Sendable, Equatable, Codable {
    case idle
    case buffering
    case playing
    case paused
    case error(String)

    /// The one-word name used on the wire and in human output.
    public var name: String {
        switch self {
        case .idle: "idle"
        case .buffering: "buffering"
        case .playing: "playing"
        case .paused: "paused"
        case .error: "error"
        }
    }

    private enum CodingKeys: String, CodingKey { case state, message }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        switch try c.decode(String.self, forKey: .state) {
        case "idle": self = .idle
        case "buffering": self = .buffering
        case "playing": self = .playing
        case "paused": self = .paused
        case "error": self = .error(try c.decodeIfPresent(String.self, forKey: .message) ?? "")
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .state, in: c, debugDescription: "unknown playback state '\(other)'")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .state)
        if case .error(let message) = self { try c.encode(message, forKey: .message) }
    }
}
