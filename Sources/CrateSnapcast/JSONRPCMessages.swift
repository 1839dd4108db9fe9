/// JSON-RPC 2.0 as snapserver speaks it, on its control port and to a stream's control
/// script: a request has an id and is answered once; a notification has a method and
/// no id and is never answered.
public struct JSONRPCRequest<Params: Encodable>: Encodable {
    public var jsonrpc = "2.0"
    public var id: Int
    public var method: String
    public var params: Params?

    public init(id: Int, method: String, params: Params?) {
        self.id = id
        self.method = method
        self.params = params
    }
}

/// A notification we send (the control script's `Plugin.Stream.Player.Properties`).
public struct JSONRPCNotification<Params: Encodable>: Encodable {
    public var jsonrpc = "2.0"
    public var method: String
    public var params: Params?

    public init(method: String, params: Params?) {
        self.method = method
        self.params = params
    }
}

/// `{}` for methods that take no parameters.
public struct NoParams: Codable, Sendable {
    public init() {}
}

/// A JSON-RPC error object: `code`, `message`, and snapserver's details in `data`.
public struct JSONRPCErrorObject: Codable, Sendable, Equatable, CustomStringConvertible {
    public var code: Int
    public var message: String
    public var data: String?

    public init(code: Int, message: String, data: String? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    public var description: String {
        if let data, !data.isEmpty { return "\(data) (\(message), \(code))" }
        return "\(message) (\(code))"
    }
}

/// An id is a number or a string; snapserver uses numbers, but a reply must echo either.
public enum JSONRPCID: Codable, Sendable, Equatable {
    case number(Int)
    case text(String)

    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer()
        if let number = try? value.decode(Int.self) {  // not a number: it must be a string
            self = .number(number)
        } else {
            self = .text(try value.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var value = encoder.singleValueContainer()
        switch self {
        case .number(let number): try value.encode(number)
        case .text(let text): try value.encode(text)
        }
    }
}

/// The parts of any incoming message that say what it is.
struct JSONRPCEnvelope: Decodable {
    var id: JSONRPCID?
    var method: String?
    var error: JSONRPCErrorObject?
}

/// A reply's result, decoded once the envelope said it is the answer we wait for.
struct JSONRPCResult<Result: Decodable>: Decodable {
    var result: Result
}
