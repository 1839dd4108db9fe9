import CrateCore
import CrateWire
import FoundationEssentials

/// Encodes and decodes the control protocol's one-JSON-object-per-line framing.
/// Not thread-safe: each connection thread owns its own.
struct JSONLines {
    private let encoder: JSONEncoder
    private let decoder = JSONDecoder()

    init() {
        encoder = JSONEncoder()
        // Compact (one object per line) and readable paths: "/music/a.mp3", not "\/music\/a.mp3".
        encoder.outputFormatting = [.withoutEscapingSlashes]
    }

    /// `value` as JSON followed by a newline.
    func line(_ value: some Encodable) throws -> [UInt8] {
        var bytes = [UInt8](try encoder.encode(value))
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// A reply line that is always sendable: if the reply cannot be encoded (a non-finite
    /// number in a status, say) the client gets a failure saying so instead of silence.
    func replyLine(_ reply: ControlReply) -> (bytes: [UInt8], encodingError: (any Error)?) {
        do {
            return (try line(reply), nil)
        } catch {
            let fallback = ControlReply.failure("internal error: cannot encode reply: \(error)")
            // A failure reply has only a bool and a string; encoding it cannot fail.
            return ((try? line(fallback)) ?? Array("{\"ok\":false}\n".utf8), error)
        }
    }

    func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try decoder.decode(type, from: Data(bytes))
    }
}

/// A request that has passed the server's checks, ready for the handler.
struct ValidRequest: Equatable {
    var command: ControlCommand
    var request: ControlRequest
}

/// Why a request line was refused; `message` is what the client is told.
struct InvalidRequest: Error, Equatable {
    var message: String
}

/// Turns a request line into a `ValidRequest`, so the handler only ever sees known
/// commands with sane arguments and clients get a specific reason when they get it wrong.
enum RequestValidator {
    static func validate(line: [UInt8], json: JSONLines) -> Result<ValidRequest, InvalidRequest> {
        let request: ControlRequest
        do {
            request = try json.decode(ControlRequest.self, from: line)
        } catch {
            return .failure(InvalidRequest(message: "malformed request: \(describe(error))"))
        }
        guard let command = ControlCommand(rawValue: request.cmd) else {
            let known = ControlCommand.allCases.map(\.rawValue).joined(separator: ", ")
            return .failure(InvalidRequest(message: "unknown command '\(request.cmd)' (known: \(known))"))
        }
        if let problem = argumentProblem(command, request) {
            return .failure(InvalidRequest(message: problem))
        }
        return .success(ValidRequest(command: command, request: request))
    }

    private static func argumentProblem(_ command: ControlCommand, _ request: ControlRequest) -> String? {
        switch command {
        case .play:
            if request.album != nil {
                return request.paths == nil ? nil : "play takes 'paths' or 'album', not both"
            }
            guard let paths = request.paths, !paths.isEmpty else {
                return "play needs 'paths' (a non-empty list of files, or one folder) or 'album' (a library id)"
            }
            for path in paths {
                if path.isEmpty { return "play: empty path in 'paths'" }
                if path.utf8.contains(0) { return "play: path contains a NUL byte" }
                // The daemon's working directory is "/", so a relative path would silently
                // mean something other than what the client meant.
                if !path.hasPrefix("/") { return "play: paths must be absolute, '\(path)' is not" }
            }
        case .seek:
            guard let seconds = request.seconds else {
                return "seek needs 'seconds': a position in seconds from the start of the track"
            }
            if !seconds.isFinite || seconds < 0 {
                return "seek: 'seconds' must be a finite number >= 0, got \(seconds)"
            }
        case .album, .queueAdd, .queueNext, .cover:
            if request.album == nil { return "\(command.rawValue) needs 'album': a library album id" }
            if command == .cover, CoverSize(rawValue: request.size ?? "") == nil {
                let given = request.size.map { " ('\($0.prefix(40))' is not one)" } ?? ""
                return "cover needs 'size': \(CoverSize.accepted)\(given)"
            }
        case .backup, .restore:
            guard let paths = request.paths, paths.count == 1, let path = paths.first, path.hasPrefix("/"),
                  !path.utf8.contains(0) else {
                return "\(command.rawValue) needs 'paths': a list of one absolute file path"
            }
        case .plexUse:
            if (request.server ?? "").isEmpty { return "plex-use needs 'server': the server's name or machine identifier" }
        case .input:
            switch request.gesture {
            case "press", "long":
                if (request.control ?? "").isEmpty { return "input \(request.gesture!) needs 'control': a button name" }
            case "turn":
                guard let detents = request.detents, detents != 0, abs(detents) <= 1000 else {
                    return "input turn needs 'detents': a non-zero number of clicks from -1000 to 1000"
                }
            default:
                return "input needs 'gesture': \"press\", \"long\" or \"turn\""
            }
        case .downloadsKeep, .downloadsUnkeep:
            if request.album == nil && request.collection == nil && request.playlist == nil {
                return "\(request.cmd) needs 'album' (an album id), 'collection' or 'playlist' (a Plex list's title)"
            }
        case .sleep:
            if SleepSetting(wire: request.sleep ?? "") == nil {
                return "sleep needs 'sleep': \(SleepSetting.accepted)"
            }
        case .ping, .status, .pause, .resume, .toggle, .next, .prev, .stop, .subscribe,
             .libraryScan, .libraryStats, .albums, .artists, .genres, .crate, .crateRegenerate, .dial,
             .like, .dislike, .unlike, .queue, .nextAlbum, .prevAlbum, .history, .diagnostics, .displaySnapshot,
             .plexLogin, .plexStatus, .plexServers, .plexSync, .plexLogout, .downloads, .nowPlaying,
             .lastfmLogin, .lastfmStatus, .lastfmLogout:
            break
        }
        return nil
    }

    /// One short phrase per decoding failure; DecodingError's own text is long and
    /// mentions Swift coding keys, which mean nothing to someone typing JSON into socat.
    static func describe(_ error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "\(error)" }
        switch decoding {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return "not valid JSON"
        case .dataCorrupted(let context):
            return "bad value for '\(keyPath(context.codingPath))': \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return "missing '\(keyPath(context.codingPath + [key]))'"
        case .valueNotFound(_, let context):
            return "'\(keyPath(context.codingPath))' must not be null"
        case .typeMismatch(_, let context) where context.codingPath.isEmpty:
            return "expected a JSON object"
        case .typeMismatch(let type, let context):
            return "'\(keyPath(context.codingPath))' has the wrong type (expected \(jsonTypeName(type)))"
        @unknown default:
            return "\(decoding)"
        }
    }

    private static func keyPath(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text
    }

    private static func jsonTypeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Double.Type, is Int.Type: "a number"
        case is Bool.Type: "true or false"
        case is [String].Type: "a list of strings"
        default: "\(type)"
        }
    }
}
