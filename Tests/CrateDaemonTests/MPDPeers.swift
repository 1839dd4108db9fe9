import Foundation
import TestSupport

/// The real MPD world the listener is held against: Debian's `mpd` on a loopback port of
/// its own, `mpc`, python-mpd2, and a raw line client for what no client library sends.
enum MPDPeers {
    /// A loopback TCP port nobody listens on now.
    static func freePort() throws -> UInt16 { UInt16(try FreePorts.take(1)[0]) }

    /// crated on `music` with `[mpd]` on a free port, its start-up scan finished.
    static func startCrate(dir: String, music: String, mpdConfig: String = "") throws -> (DaemonProcess, UInt16) {
        let port = try freePort()
        let daemon = try DaemonProcess(dir: dir, libraryPaths: [music],
                                       extraConfig: "[mpd]\nlisten = [\"127.0.0.1:\(port)\"]\n\(mpdConfig)")
        try daemon.waitForStartupScan()
        return (daemon, port)
    }

    /// Runs a program to completion: exit status, stdout, stderr.
    @discardableResult
    static func run(_ program: String, _ args: [String], input: String? = nil) throws -> (code: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = args
        let out = Pipe(), err = Pipe(), stdin = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        let outText = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errText = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, outText, errText)
    }

    /// Runs a program that leaves a server behind (`tmux new-session -d`). Not through
    /// Process: on Linux it learns of the exit through a descriptor the server would
    /// inherit and hold, so it would wait for the server too.
    static func launch(_ program: String, _ args: [String]) throws {
        let argv = ([program] + args).map { strdup($0) } + [nil]
        defer { for arg in argv { free(arg) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in 0...2 { posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", O_RDWR, 0) }
        var pid: pid_t = 0
        guard posix_spawn(&pid, program, &actions, nil, argv, environ) == 0 else {
            throw FixtureError("cannot start \(program)")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard status == 0 else { throw FixtureError("\(program) \(args) failed: status \(status)") }
    }

    /// `mpc -h 127.0.0.1 -p PORT ARGS`, its output split into lines.
    @discardableResult
    static func mpc(_ port: UInt16, _ args: String...) throws -> [String] {
        let result = try run("/usr/bin/mpc", ["-h", "127.0.0.1", "-p", String(port)] + args)
        guard result.code == 0 else { throw FixtureError("mpc \(args) failed: \(result.err)") }
        return result.out.split(separator: "\n").map(String.init)
    }
}

/// Debian's own MPD on `music`, with its own database and a null output.
final class RealMPD {
    let port: UInt16
    let process = Process()

    init(dir: String, music: String) throws {
        port = try MPDPeers.freePort()
        let config = dir + "/mpd.conf"
        try """
            music_directory "\(music)"
            db_file "\(dir)/mpd.db"
            state_file "\(dir)/mpd.state"
            pid_file "\(dir)/mpd.pid"
            bind_to_address "127.0.0.1"
            port "\(port)"
            audio_output {
                type "null"
                name "null"
            }
            """.write(toFile: config, atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/mpd")
        process.arguments = ["--no-daemon", config]
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        // Not listening yet: try again until the bounded wait ends.
        while (try? MPDLineClient(port: port)) == nil {
            guard Date() < deadline else { throw FixtureError("mpd did not start on port \(port)") }
            usleep(50_000)
        }
        try MPDPeers.mpc(port, "update", "--wait")
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }
}

/// A bare MPD connection: a line out, lines back up to `OK` or `ACK`.
final class MPDLineClient {
    let fd: Int32
    private var buffer: [UInt8] = []
    private(set) var greeting = ""

    init(port: UInt16) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else {
            close(fd)
            throw FixtureError("cannot connect to port \(port): errno \(errno)")
        }
        var limit = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        greeting = try readLine() ?? ""
    }

    deinit { close(fd) }

    /// False when the peer has closed the connection (or reset it).
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { Foundation.send(fd, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return false }
            sent += n
        }
        return true
    }

    /// Sends `bytes` while listening: the first line that comes back (an ACK cutting the
    /// sending short), or nil when everything was sent without an answer.
    func sendUntilAnswered(_ bytes: [UInt8]) throws -> String? {
        var sent = 0
        while sent < bytes.count {
            var watch = pollfd(fd: fd, events: Int16(POLLIN | POLLOUT), revents: 0)
            guard poll(&watch, 1, 10_000) > 0 else { throw FixtureError("no room to send and no answer within 10 s") }
            if watch.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 { return try readLine() }
            let n = bytes.withUnsafeBytes {
                Foundation.send(fd, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
            }
            guard n >= 0 || errno == EAGAIN else { throw FixtureError("send failed: errno \(errno)") }
            sent += max(n, 0)
        }
        return nil
    }

    /// A line that comes within `milliseconds`; nil when none does.
    func lineIfAny(withinMilliseconds milliseconds: Int32) throws -> String? {
        if buffer.contains(0x0A) { return try readLine() }
        var watch = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&watch, 1, milliseconds) > 0 else { return nil }
        return try readLine()
    }

    /// One line without its newline; nil at end of stream.
    func readLine() throws -> String? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            guard try fill() else { return nil }
        }
    }

    func readBytes(_ count: Int) throws -> [UInt8] {
        while buffer.count < count {
            guard try fill() else { throw FixtureError("connection closed inside binary data") }
        }
        defer { buffer.removeSubrange(..<count) }
        return Array(buffer[..<count])
    }

    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
        if n < 0 && errno == EAGAIN { throw FixtureError("no answer within 10 s") }
        guard n > 0 else { return false }
        buffer += chunk[..<n]
        return true
    }

    /// Sends `line` and returns the answer's lines, the final `OK` or `ACK …` included.
    func command(_ line: String) throws -> [String] {
        guard send(Array((line + "\n").utf8)) else { throw FixtureError("connection closed before '\(line)'") }
        return try answer()
    }

    func answer() throws -> [String] {
        var lines: [String] = []
        while let line = try readLine() {
            lines.append(line)
            if line == "OK" || line.hasPrefix("ACK ") { return lines }
        }
        throw FixtureError("connection closed; got \(lines)")
    }

    /// A binary command (`albumart`, `readpicture`) read chunk by chunk to the end.
    func binary(_ command: String, _ uri: String) throws -> (bytes: [UInt8], chunks: [Int]) {
        var bytes: [UInt8] = [], chunks: [Int] = []
        while true {
            guard send(Array("\(command) \"\(uri)\" \(bytes.count)\n".utf8)) else { throw FixtureError("closed") }
            var size = 0, length = 0
            while let line = try readLine() {
                if line.hasPrefix("ACK ") { throw FixtureError(line) }
                if line.hasPrefix("size: ") { size = Int(line.dropFirst(6)) ?? 0 }
                if line.hasPrefix("binary: ") { length = Int(line.dropFirst(8)) ?? 0; break }
                if line == "OK" { return (bytes, chunks) }
            }
            bytes += try readBytes(length)
            chunks.append(length)
            guard try readLine() == "", try readLine() == "OK" else { throw FixtureError("bad binary framing") }
            if bytes.count >= size { return (bytes, chunks) }
        }
    }
}
