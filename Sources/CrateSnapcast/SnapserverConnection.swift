import CrateConfig
import FoundationEssentials

/// One connection to snapserver's JSON-RPC control port (TCP, 1705 by default): a call
/// sends a request and waits for the reply with its id, skipping the notifications
/// snapserver pushes to every control client meanwhile.
public final class SnapserverConnection {
    /// Long enough for a busy Pi, short enough that `crate-admin rooms` never hangs.
    public static let defaultTimeoutSeconds = 5.0

    public let address: CrateConfig.HostPort
    private let connection: TCPLineConnection
    private var nextID = 0

    public var label: String { "snapserver at \(address)" }

    public init(address: CrateConfig.HostPort, timeoutSeconds: Double = defaultTimeoutSeconds) throws(SnapcastError) {
        self.address = address
        connection = try TCPLineConnection(host: address.host, port: address.port, label: "snapserver at \(address)",
                                           timeoutSeconds: timeoutSeconds)
    }

    /// Sends `method` and decodes the result of its reply; a JSON-RPC error is thrown
    /// with snapserver's words.
    public func call<Params: Encodable, Result: Decodable>(
        _ method: String, _ params: Params?, returning: Result.Type
    ) throws(SnapcastError) -> Result {
        nextID += 1
        let id = nextID
        let bytes: [UInt8]
        do {
            bytes = Array(try JSONEncoder().encode(JSONRPCRequest(id: id, method: method, params: params)))
        } catch {
            throw SnapcastError(.usage, "cannot encode \(method) for \(label): \(error)")
        }
        try connection.send(line: bytes)
        while true {
            let line = try connection.readLine()
            let envelope: JSONRPCEnvelope
            do {
                envelope = try JSONDecoder().decode(JSONRPCEnvelope.self, from: Data(line))
            } catch {
                throw garbage(line, method)
            }
            // Notifications (Client.OnVolumeChanged, Stream.OnProperties…) carry no id.
            guard envelope.id == .number(id) else { continue }
            if let error = envelope.error {
                throw SnapcastError(.refused, "\(label) refused \(method): \(error)")
            }
            do {
                return try JSONDecoder().decode(JSONRPCResult<Result>.self, from: Data(line)).result
            } catch {
                throw garbage(line, method)
            }
        }
    }

    private func garbage(_ line: [UInt8], _ method: String) -> SnapcastError {
        let text = String(decoding: line.prefix(160), as: UTF8.self)
        return SnapcastError(.garbage, "\(label) answered garbage to \(method): \(text)")
    }
}

/// The calls Crate makes.
extension SnapserverConnection {
    public func status() throws(SnapcastError) -> SnapcastServer {
        try call("Server.GetStatus", NoParams(), returning: ServerStatusResult.self).server
    }

    public func setVolume(client: String, percent: Int, muted: Bool) throws(SnapcastError) {
        struct Params: Encodable { var id: String; var volume: SnapcastClientInfo.Volume }
        _ = try call("Client.SetVolume", Params(id: client, volume: .init(percent: percent, muted: muted)),
                     returning: IgnoredResult.self)
    }

    public func setStream(group: String, stream: String) throws(SnapcastError) {
        struct Params: Encodable { var id: String; var stream_id: String }
        _ = try call("Group.SetStream", Params(id: group, stream_id: stream), returning: IgnoredResult.self)
    }

    /// Sets a group's clients; a client taken out gets a group of its own.
    public func setClients(group: String, clients: [String]) throws(SnapcastError) {
        struct Params: Encodable { var id: String; var clients: [String] }
        _ = try call("Group.SetClients", Params(id: group, clients: clients), returning: IgnoredResult.self)
    }

    /// play, pause, playPause, stop, next, previous: passed to the stream's control script.
    public func control(stream: String, command: String) throws(SnapcastError) {
        struct Params: Encodable { var id: String; var command: String }
        _ = try call("Stream.Control", Params(id: stream, command: command), returning: IgnoredResult.self)
    }
}

/// A result whose content does not matter ("ok", or the new state that a later
/// Server.GetStatus shows anyway).
struct IgnoredResult: Decodable {
    init(from decoder: any Decoder) throws {}
}
