import CrateCore
import CrateWire
import Foundation
import TestSupport
import XCTest

/// Idle and bursting socket clients against the real crated while it plays an album to
/// the ALSA file capture: the music must play to the end, `status` must answer, clients
/// over the cap must be told why, and the daemon's thread count must stay small.
final class ControlFloodTests: XCTestCase {
    static let rate = 44100
    static let trackSeconds = 3
    var dir: TemporaryDirectory!
    var tracks: [String] = []
    var daemon: DaemonProcess!
    var clients: [Int32] = []

    override func setUpWithError() throws {
        dir = try TemporaryDirectory(prefix: "flood")
        let sweep = AudioFixtures.sweep(rate: Self.rate, seconds: Double(4 * Self.trackSeconds))
        let samplesPerTrack = Self.trackSeconds * Self.rate * 2
        for i in 0..<4 {
            let path = dir.file("0\(i + 1) Part.mp3")
            let part = Array(sweep[(i * samplesPerTrack)..<((i + 1) * samplesPerTrack)])
            try AudioFixtures.encodeMP3(part, rate: Self.rate, channels: 2, encoding: .cbr(kbps: 192), to: path)
            tracks.append(path)
        }
        // systemd and shells start services with a soft limit of 1024 open files; start
        // crated under it, as on the box. The test itself needs more than that.
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        var low = limit
        low.rlim_cur = min(1024, limit.rlim_max)
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &low)
        defer { setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) }
        daemon = try DaemonProcess(dir: dir.path, controlConfig: "request_timeout = 5")
    }

    override func tearDown() {
        for fd in clients { close(fd) }
        clients = []
        if let daemon, daemon.stop() != 0 { print(daemon.log) }
        dir?.remove()
    }

    func testIdleAndBurstingClientsDoNotStopTheMusic() throws {
        let references = try tracks.map { try ReferenceDecode.samples(of: $0) }
        XCTAssertTrue(try daemon.request(.play, paths: [dir.path]).ok)
        try daemon.waitFor("playing") { $0.state == .playing }

        // 1,100 clients that connect and say nothing, held across a track change.
        for _ in 0..<1100 {
            guard let fd = Self.connect(daemon.socket, retryFor: 2) else { break }
            clients.append(fd)
        }
        XCTAssertEqual(clients.count, 1100, "every client could connect (the backlog takes a burst)")
        XCTAssertLessThan(try threadCount(), 100, "a thread per client")
        // Those over the cap (64) are told why and closed; the others stay, quiet, until
        // room is needed past [control] request_timeout.
        let answered = waitForReadable(clients, atLeast: clients.count - 64, timeout: 20).map(Self.readAll)
        let refusals = answered.filter { $0.contains("too many control clients") }.count
        XCTAssertGreaterThanOrEqual(refusals, 1000, "clients over the cap are told so")
        for text in answered where !text.contains("too many control clients") {
            XCTAssertTrue(text.contains("no request within 5 s"), "unexpected answer: \(text)")  // made room
        }
        try waitForCapture(seconds: Double(Self.trackSeconds) + 1)  // past the first track change
        // Past [control] request_timeout a held client makes room: status answers.
        XCTAssertNotNil(waitForStatus(timeout: 30), "status answers while idle clients come and go")
        for fd in clients { close(fd) }
        clients = []

        // A burst of 1,000 connects that do not retry: none is turned away by the backlog.
        let burst = (0..<1000).compactMap { _ in Self.connect(daemon.socket, retryFor: 0) }
        clients = burst
        if Self.somaxconn >= 1000 {
            XCTAssertEqual(burst.count, 1000, "connects refused by a short listen backlog")
        }
        XCTAssertLessThan(try threadCount(), 100, "a thread per client")
        for fd in clients { close(fd) }
        clients = []

        // The burst's clients may hold every place a moment longer: ask until answered.
        let deadline = Date().addingTimeInterval(60)
        var status = waitForStatus(timeout: 30)?.player
        while let current = status, current.state != .idle, Date() < deadline {
            usleep(100_000)
            status = waitForStatus(timeout: 30)?.player
        }
        XCTAssertEqual(status?.state, .idle, "the album ended")
        XCTAssertEqual(status?.tracks.map(\.path), tracks)
        XCTAssertFalse(daemon.log.contains("Too many open files"), "descriptors ran out")
        XCTAssertFalse(daemon.log.contains("track-error"), "a track failed")
        XCTAssertEqual(daemon.stop(), 0)
        let captured = try AudioFixtures.readRaw(daemon.capture)
        XCTAssertGreaterThanOrEqual(captured.count, references.reduce(0) { $0 + $1.count }, "the whole album played")
    }

    // MARK: - Helpers

    static var somaxconn: Int {
        // An unreadable somaxconn only skips the burst-size check below.
        Int((try? String(contentsOfFile: "/proc/sys/net/core/somaxconn", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
    }

    /// A non-blocking connect; on EAGAIN (backlog full) retried for up to `retryFor` seconds.
    static func connect(_ path: String, retryFor seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            guard fd >= 0 else { return nil }
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (i, byte) in path.utf8.enumerated() { raw[i] = byte }
            }
            let rc = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            if rc == 0 { return fd }
            let code = errno
            close(fd)
            guard code == EAGAIN, Date() < deadline else { return nil }
            usleep(1000)
        }
    }

    static func readAll(_ fd: Int32) -> String {
        var bytes = [UInt8](repeating: 0, count: 4096)
        let n = recv(fd, &bytes, bytes.count, Int32(MSG_DONTWAIT))
        return n > 0 ? String(decoding: bytes[0..<n], as: UTF8.self) : ""
    }

    /// The clients with something to read, once at least `count` have (or at the timeout).
    func waitForReadable(_ fds: [Int32], atLeast count: Int, timeout: Double) -> [Int32] {
        let deadline = Date().addingTimeInterval(timeout)
        var polled = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        while true {
            _ = poll(&polled, nfds_t(polled.count), 100)
            let readable = polled.filter { $0.revents & Int16(POLLIN) != 0 }.map(\.fd)
            if readable.count >= count || Date() > deadline { return readable }
        }
    }

    func threadCount() throws -> Int {
        let text = try String(contentsOfFile: "/proc/\(daemon.process.processIdentifier)/status", encoding: .utf8)
        let line = text.split(separator: "\n").first { $0.hasPrefix("Threads:") } ?? ""
        return Int(line.dropFirst("Threads:".count).trimmingCharacters(in: .whitespaces)) ?? -1
    }

    /// Waits until the capture holds `seconds` of audio (or 30 s pass).
    func waitForCapture(seconds: Double) throws {
        let bytes = Int(seconds * Double(Self.rate)) * 4
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            // No capture yet reads as 0 bytes: the wait goes on.
            let size = (try? FileManager.default.attributesOfItem(atPath: daemon.capture)[.size] as? Int) ?? 0
            if size >= bytes { return }
            usleep(50_000)
        }
        XCTFail("the capture stopped growing")
    }

    /// A status reply, retried until the daemon has room for us. Never blocks for long,
    /// even on a daemon that stopped accepting.
    func waitForStatus(timeout: Double) -> DaemonStatus? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let fd = Self.connect(daemon.socket, retryFor: 1) {
                defer { close(fd) }
                if let status = Self.status(on: fd) { return status }
            }
            usleep(100_000)
        }
        return nil
    }

    static func status(on fd: Int32) -> DaemonStatus? {
        let request = Array("{\"cmd\":\"status\"}\n".utf8)
        guard send(fd, request, request.count, Int32(MSG_NOSIGNAL)) == request.count else { return nil }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        let deadline = Date().addingTimeInterval(5)
        while !received.contains(UInt8(ascii: "\n")), Date() < deadline {
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 100) >= 0 else { return nil }
            let n = recv(fd, &chunk, chunk.count, Int32(MSG_DONTWAIT))
            if n == 0 { return nil }
            if n > 0 { received += chunk[0..<n] }
        }
        guard let end = received.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        // A refusal or timeout line is not a status: nil, and the caller asks again.
        return (try? JSONDecoder().decode(ControlReply.self, from: Data(received[..<end])))?.status
    }
}
