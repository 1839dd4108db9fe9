import CrateCore
import CrateRouter
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

/// A request that has passed the server's checks: its name (for the log), the typed
/// command the router is given and the workers that run it (its row's lane).
struct ValidRequest: Equatable {
    var name: ControlCommand
    var command: Command
    var lane: ControlLane
}

/// Why a request line was refused; `message` is what the client is told.
struct InvalidRequest: Error, Equatable {
    var message: String
    init(_ message: String) { self.message = message }
}

/// Turns a request line into a `ValidRequest`, so the handler only ever sees known
/// commands with sane arguments and clients get a specific reason when they get it wrong.
enum RequestValidator {
    static func validate(line: [UInt8], json: JSONLines) -> Result<ValidRequest, InvalidRequest> {
        let request: ControlRequest
        do {
            request = try json.decode(ControlRequest.self, from: line)
        } catch {
            return .failure(InvalidRequest("malformed request: \(describe(error))"))
        }
        guard let name = ControlCommand(rawValue: request.cmd) else {
            let known = ControlCommand.allCases.map(\.rawValue).joined(separator: ", ")
            return .failure(InvalidRequest("unknown command '\(request.cmd)' (known: \(known))"))
        }
        do throws(InvalidRequest) {
            let spec = try ControlCommands.spec(name)
            return .success(ValidRequest(name: name, command: try spec.decode(request, name), lane: spec.lane))
        } catch {
            return .failure(error)
        }
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
