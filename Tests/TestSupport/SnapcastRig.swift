import Foundation

/// Debian's real snapserver on loopback with a `tcp` source in server mode (the box's
/// stream), and snapclients playing into raw files (`--player file`), one per room.
/// Every port is a free one; state, logs and captures live in `dir`.
public final class SnapcastRig {
    public let dir: String
    public let sourcePort: Int
    public let streamPort: Int
    public let controlPort: Int
    public let sampleFormat: String
    public private(set) var server: Process?
    public private(set) var clients: [(room: String, process: Process, capture: String)] = []

    /// The `[snapcast]` table that points crated at this server.
    public var crateConfig: String {
        "[snapcast]\nstream = \"tcp://127.0.0.1:\(sourcePort)\"\nformat = \"\(sampleFormat)\"\n"
    }

    public init(dir: String, sampleFormat: String = "44100:16:2", bufferMillis: Int = 400) throws {
        self.dir = dir
        self.sampleFormat = sampleFormat
        sourcePort = try Self.freePort()
        streamPort = try Self.freePort()
        controlPort = try Self.freePort()
        try FileManager.default.createDirectory(atPath: dir + "/snapserver", withIntermediateDirectories: true)
        // No avahi, no HTTP: only the stream, its source and the JSON-RPC port, all on loopback.
        let config = """
            [server]
            datadir = \(dir)/snapserver
            [http]
            enabled = false
            [tcp]
            bind_to_address = 127.0.0.1
            port = \(controlPort)
            [stream]
            bind_to_address = 127.0.0.1
            port = \(streamPort)
            source = tcp://127.0.0.1:\(sourcePort)?name=Crate&mode=server&sampleformat=\(sampleFormat)&codec=pcm
            buffer = \(bufferMillis)
            [logging]
            sink = file:\(dir)/snapserver.log
            """
        try config.write(toFile: dir + "/snapserver.conf", atomically: true, encoding: .utf8)
        try startServer()
    }

    deinit { stopAll() }

    /// Starts snapserver and waits until its source port listens.
    public func startServer() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/snapserver")
        process.arguments = ["-c", dir + "/snapserver.conf"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        server = process
        // The control port, not the source: a connection there would be taken for the box's audio.
        try Self.waitUntilListening(port: controlPort, what: "snapserver's control port")
    }

    /// Kills snapserver outright, as a crash would.
    public func killServer() {
        guard let server, server.isRunning else { return }
        kill(server.processIdentifier, SIGKILL)
        server.waitUntilExit()
        self.server = nil
    }

    /// A room: a snapclient with its own host id, playing into `<room>.raw`. Returns once
    /// it plays (its file grows: the file player writes silence while the stream is idle).
    @discardableResult
    public func addRoom(_ room: String) throws -> String {
        let capture = dir + "/\(room).raw"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/snapclient")
        process.arguments = ["-h", "127.0.0.1", "-p", String(streamPort), "--hostID", room,
                             "--player", "file:filename=\(capture)", "--logsink", "file:\(dir)/\(room).log"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        clients.append((room, process, capture))
        let deadline = Date().addingTimeInterval(10)
        while Self.size(capture) == 0 {
            if Date() > deadline { throw FixtureError("snapclient \(room) did not start playing: \(log(room))") }
            usleep(20_000)
        }
        return capture
    }

    /// Stops the rooms (so their files are complete) and reads each capture, S16 stereo.
    public func captures() throws -> [String: [Int16]] {
        for client in clients where client.process.isRunning {
            client.process.terminate()
            client.process.waitUntilExit()
        }
        var result: [String: [Int16]] = [:]
        for client in clients { result[client.room] = try AudioFixtures.readRaw(client.capture) }
        return result
    }

    public func log(_ name: String) -> String {
        (try? String(contentsOfFile: dir + "/\(name).log", encoding: .utf8)) ?? "(no log)"  // missing log: shown as such
    }

    public func stopAll() {
        for client in clients where client.process.isRunning {
            client.process.terminate()
            client.process.waitUntilExit()
        }
        if let server, server.isRunning {
            server.terminate()
            server.waitUntilExit()
        }
    }

    static func size(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    /// A TCP port nothing listens on now (the kernel's pick; closed again at once).
    public static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Bool in
                bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else { throw FixtureError("cannot find a free port: errno \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    static func waitUntilListening(port: Int, what: String) throws {
        let deadline = Date().addingTimeInterval(10)
        while true {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let rc = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            close(fd)
            if rc == 0 { return }
            if Date() > deadline { throw FixtureError("\(what) (\(port)) is not listening") }
            usleep(20_000)
        }
    }
}
