import CrateConfig
import CrateSnapcast
import Foundation
import TestSupport

/// A real snapserver on loopback, on free ports, with its state in a temporary folder,
/// and real snapclients (rooms) playing into files. Stopped when released.
final class SnapserverRig {
    let dir: String
    /// Where crated would send PCM (snapserver's tcp source), its JSON-RPC port, its client port.
    let sourcePort: Int, controlPort: Int, clientPort: Int
    private let server = Process()
    private var clients: [String: Process] = [:]

    var control: CrateConfig.HostPort { CrateConfig.HostPort(host: "127.0.0.1", port: controlPort) }
    /// The `[snapcast]` section for crated or crate-admin.
    var crateConfig: String {
        "[snapcast]\nstream = \"tcp://127.0.0.1:\(sourcePort)\"\ncontrol = \"127.0.0.1:\(controlPort)\"\n"
    }

    /// `controlScript`: the box stream's control script. `idleStream` adds a second
    /// stream (a pipe nobody writes to) for rooms that leave.
    /// `ports`: source, control and client port, when the test chose them.
    init(dir: String, controlScript: String? = nil, idleStream: Bool = false, ports chosen: [Int]? = nil) throws {
        self.dir = dir
        let ports = try chosen ?? Self.freePorts(3)
        (sourcePort, controlPort, clientPort) = (ports[0], ports[1], ports[2])
        try FileManager.default.createDirectory(atPath: dir + "/data", withIntermediateDirectories: true)
        var box = "tcp://127.0.0.1:\(sourcePort)/?name=crate&mode=server&sampleformat=44100:16:2"
        if let controlScript { box += "&controlscript=\(controlScript)" }
        let config = """
            [server]
            datadir = \(dir)/data
            [http]
            enabled = false
            [tcp]
            bind_to_address = 127.0.0.1
            port = \(controlPort)
            [stream]
            bind_to_address = 127.0.0.1
            port = \(clientPort)
            source = \(box)
            \(idleStream ? "source = pipe://\(dir)/idle?name=idle&mode=create" : "")
            [logging]
            sink = file:\(dir)/snapserver.log
            """
        try config.write(toFile: dir + "/snapserver.conf", atomically: true, encoding: .utf8)
        server.executableURL = URL(fileURLWithPath: "/usr/bin/snapserver")
        server.arguments = ["-c", dir + "/snapserver.conf"]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        try waitFor("snapserver to answer on \(controlPort)") { _ = try self.status(); return true }
    }

    deinit { stop() }

    func stop() {
        for (_, client) in clients { Self.kill(client) }
        clients = [:]
        Self.kill(server)
    }

    private static func kill(_ process: Process) {
        guard process.isRunning else { return }
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Starts a snapclient called `hostID` and waits until snapserver lists it connected.
    func startRoom(_ hostID: String) throws {
        let client = Process()
        client.executableURL = URL(fileURLWithPath: "/usr/bin/snapclient")
        client.arguments = ["-h", "127.0.0.1", "-p", String(clientPort), "--hostID", hostID,
                            "--player", "file:filename=\(dir)/\(hostID).raw", "--logsink", "null"]
        client.standardOutput = FileHandle.nullDevice
        client.standardError = FileHandle.nullDevice
        try client.run()
        clients[hostID] = client
        try waitFor("\(hostID) to connect") { try self.status().clients.contains { $0.client.id == hostID && $0.client.connected } }
    }

    /// Kills a room's snapclient without warning, as a power cut in that room would.
    func killRoom(_ hostID: String) {
        if let client = clients.removeValue(forKey: hostID) { Self.kill(client) }
    }

    func status() throws -> SnapcastServer {
        try SnapserverConnection(address: control).status()
    }

    func call<Params: Encodable>(_ method: String, _ params: Params) throws {
        _ = try SnapserverConnection(address: control).call(method, params, returning: Ignored.self)
    }

    private struct Ignored: Decodable {
        init(from decoder: any Decoder) throws {}
    }

    var log: String { (try? String(contentsOfFile: dir + "/snapserver.log", encoding: .utf8)) ?? "" }  // no log yet: empty

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
        throw FixtureError("timed out waiting for \(what) (\(last)); snapserver log:\n\(log.suffix(2000))")
    }

    /// Ports nothing listens on now: bound to port 0, noted, released.
    static func freePorts(_ count: Int) throws -> [Int] {
        var sockets: [Int32] = [], ports: [Int] = []
        defer { sockets.forEach { close($0) } }
        for _ in 0..<count {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
            }
            guard bound else { throw FixtureError("cannot find a free port: \(String(cString: strerror(errno)))") }
            sockets.append(fd)
            ports.append(Int(UInt16(bigEndian: address.sin_port)))
        }
        return ports
    }
}
