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
        "[snapcast]\nstream = \"tcp://127.0.0.1:\(sourcePort)\"\ncontrol = \"127.0.0.1:\(controlPort)\"\n"
            + "format = \"\(sampleFormat)\"\n"
    }

    /// `controlScript`: the box stream's control script. `idleStream` adds a second
    /// stream (a pipe nobody writes to) for rooms that leave. `ports`: source, stream and
    /// control port, when the test chose them (to find them again after a restart).
    public init(dir: String, sampleFormat: String = "44100:16:2", bufferMillis: Int = 400,
                controlScript: String? = nil, idleStream: Bool = false, ports chosen: [Int]? = nil) throws {
        self.dir = dir
        self.sampleFormat = sampleFormat
        let ports = try chosen ?? FreePorts.take(3)
        (sourcePort, streamPort, controlPort) = (ports[0], ports[1], ports[2])
        try FileManager.default.createDirectory(atPath: dir + "/snapserver", withIntermediateDirectories: true)
        // The `/` before `?`: snapserver 0.26 misreads a source whose parameters hold a path without it.
        var box = "tcp://127.0.0.1:\(sourcePort)/?name=Crate&mode=server&sampleformat=\(sampleFormat)&codec=pcm"
            + "&chunk_ms=\(Self.chunkMillis)"
        if let controlScript { box += "&controlscript=\(controlScript)" }
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
            source = \(box)
            \(idleStream ? "source = pipe://\(dir)/idle?name=idle&mode=create" : "")
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
        let process = Self.peer("/usr/bin/snapserver", ["-c", dir + "/snapserver.conf"])
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
        let process = Self.peer("/usr/bin/snapclient", ["-h", "127.0.0.1", "-p", String(streamPort), "--hostID", room,
                                                        "--player", "file:filename=\(capture)", "--logsink", "file:\(dir)/\(room).log"])
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

    /// Stops the rooms once each has played `ending` (the last frames crated sent), or once
    /// `timeout` seconds have passed (a room that lost them is then the matcher's to report),
    /// and reads each capture. The end of a capture is decided by what it holds, not by a
    /// guess at how long snapserver's buffer and a busy machine take to play it out.
    public func captures(after ending: [Int16], timeout: Double = 10) throws -> [String: [Int16]] {
        let deadline = Date().addingTimeInterval(timeout)
        var waiting = clients.map(\.capture)
        while !waiting.isEmpty, Date() < deadline {
            waiting = try waiting.filter { !Self.holds(try AudioFixtures.readRaw($0), ending) }
            if !waiting.isEmpty { usleep(100_000) }
        }
        return try captures()
    }

    /// Whether `capture` holds `ending` frame for frame (interleaved, at a frame boundary).
    static func holds(_ capture: [Int16], _ ending: [Int16]) -> Bool {
        guard let first = ending.first, ending.count <= capture.count else { return false }
        return stride(from: 0, through: capture.count - ending.count, by: 2).contains {
            capture[$0] == first && capture[$0..<($0 + ending.count)].elementsEqual(ending)
        }
    }

    /// Ends a room's snapclient: `crash` kills it without warning, as a power cut in that
    /// room would.
    public func stopRoom(_ room: String, crash: Bool = false) {
        guard let index = clients.firstIndex(where: { $0.room == room }) else { return }
        let process = clients.remove(at: index).process
        guard process.isRunning else { return }
        if crash { kill(process.processIdentifier, SIGKILL) } else { process.terminate() }
        process.waitUntilExit()
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

    /// The box source's chunk, and so how late snapserver's read of it may come: a read
    /// more than one chunk behind its schedule makes snapserver restart the stream's
    /// timeline ("onResync"), a gap in every room. Its default of 20 ms is less than this
    /// virtual machine's worst stalls even for a real-time process (a 32 ms resync was
    /// seen at SCHED_FIFO); 50 ms is still well inside crated's lead (a device buffer,
    /// 93 ms at the defaults), so every read finds its chunk waiting.
    public static let chunkMillis = 50

    /// SCHED_FIFO priority of snapserver and the rooms' snapclients: below crated's audio
    /// writer (`[audio] rt_priority`, 40), above any ordinary process.
    public static let peerPriority = 20

    /// Whether the peers can run real-time here (root, or CAP_SYS_NICE / an rtprio limit).
    /// Both peers keep time by the wall clock: snapserver reads its source on a 20 ms timer
    /// and, when a read comes late, starts the stream's timeline afresh ("onResync" in its
    /// log); snapclient's file player writes 50 ms per timer tick and a late tick makes the
    /// room re-sync ("Not enough frames available"). Starved by a busy machine (a CPU hog,
    /// other builds) either cuts a gap into every room's capture while crated, real-time
    /// itself, delivered every sample ahead of time (docs/testing.md, "snapcast soak").
    /// Real-time, as on a box where they are the only thing that must keep time, the
    /// captures are the stream crated sent and nothing the load did.
    public static let realtimePeers: Bool = {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/chrt")
        probe.arguments = ["-f", String(peerPriority), "/bin/true"]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        do {
            try probe.run()
            probe.waitUntilExit()
        } catch {
            print("snapcast rig: no chrt (\(error)); snapserver and snapclients run at ordinary priority")
            return false
        }
        if probe.terminationStatus != 0 {
            print("snapcast rig: SCHED_FIFO not permitted; snapserver and snapclients run at ordinary priority, "
                  + "so a busy machine can cut gaps into the rooms' captures")
        }
        return probe.terminationStatus == 0
    }()

    /// A snapcast program, under `chrt -f` when the peers may run real-time.
    static func peer(_ program: String, _ arguments: [String]) -> Process {
        let process = Process()
        if realtimePeers {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/chrt")
            process.arguments = ["-f", String(peerPriority), program] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = arguments
        }
        return process
    }

    static func size(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
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
