import CrateConfig
import CrateSnapcast
import Foundation
import TestSupport

/// The snapserver rig seen through its JSON-RPC, as `crate-admin rooms` and the control
/// script see it.
extension SnapcastRig {
    var control: CrateConfig.HostPort { CrateConfig.HostPort(host: "127.0.0.1", port: controlPort) }

    /// Starts a room called `hostID` and waits until snapserver lists it connected.
    func startRoom(_ hostID: String) throws {
        try addRoom(hostID)
        try waitFor("\(hostID) to connect") { try self.status().clients.contains { $0.client.id == hostID && $0.client.connected } }
    }

    /// Kills a room's snapclient without warning, as a power cut in that room would.
    func killRoom(_ hostID: String) { stopRoom(hostID, crash: true) }

    func status() throws -> SnapcastServer {
        try SnapserverConnection(address: control).status()
    }

    func call<Params: Encodable>(_ method: String, _ params: Params) throws {
        _ = try SnapserverConnection(address: control).call(method, params, returning: IgnoredResult.self)
    }

    /// Polls `condition` (errors count as not yet) for up to `timeout` seconds.
    func waitFor(_ what: String, timeout: Double = 15, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        var last = "not checked"
        while Date() < deadline {
            do {
                if try condition() { return }
                last = "not yet"
            } catch {
                last = "\(error)"
            }
            usleep(50_000)
        }
        throw FixtureError("timed out waiting for \(what) (\(last)); snapserver log:\n\(log("snapserver").suffix(2000))")
    }
}

private struct IgnoredResult: Decodable {
    init(from decoder: any Decoder) throws {}
}
