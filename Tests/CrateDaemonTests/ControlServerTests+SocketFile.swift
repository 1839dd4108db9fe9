import CrateControlSocket
import CrateWire
import Logging
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// The socket file: its mode, a stale one replaced, a live one or another file left alone.
extension ControlServerTests {
    func testSocketGetsTheRequestedModeAndIsRemovedOnStop() throws {
        let server = try startServer(mode: 0o660)
        var info = stat()
        XCTAssertEqual(lstat(socketPath, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFSOCK)
        XCTAssertEqual(info.st_mode & 0o777, 0o660)

        let client = try connect()
        let subscriber = try connect()
        XCTAssertTrue(try subscriber.request(ControlRequest(cmd: .subscribe)).ok)
        server.stop()
        XCTAssertTrue(client.waitForClose(timeout: 3), "stop() disconnects clients")
        XCTAssertTrue(subscriber.waitForClose(timeout: 3), "stop() disconnects subscribers")
        XCTAssertNotEqual(lstat(socketPath, &info), 0, "stop() removes the socket file")
        XCTAssertEqual(handler.subscriberCount, 0)
        server.stop()  // twice is harmless
    }

    func testStaleSocketFileIsReplaced() throws {
        // A socket file nobody listens on: what a crashed daemon leaves behind.
        SocketFileMaker.makeStaleSocket(at: socketPath)
        var info = stat()
        XCTAssertEqual(lstat(socketPath, &info), 0)
        try startServer()
        XCTAssertEqual(try connect().request(ControlRequest(cmd: .ping)), RecordingControlHandler.pong)
    }

    func testSecondServerOnALiveSocketIsRefused() throws {
        try startServer()
        let second = ControlServer(
            path: socketPath, mode: 0o660, handler: handler, logger: Logger(label: "second"))
        XCTAssertThrowsError(try second.start()) { error in
            XCTAssertEqual(error as? ControlServerError, .alreadyRunning(path: socketPath))
            XCTAssertTrue("\(error)".contains(socketPath))
        }
        second.stop()
        // The first server and its socket file are untouched.
        XCTAssertEqual(try connect().request(ControlRequest(cmd: .ping)), RecordingControlHandler.pong)
    }

    func testSomethingElseAtThePathIsNotDeleted() throws {
        let path = directory.file("not-a-socket")
        let fd = open(path, O_CREAT | O_WRONLY, 0o644)
        close(fd)
        let server = ControlServer(path: path, mode: 0o660, handler: handler, logger: Logger(label: "test"))
        XCTAssertThrowsError(try server.start()) { error in
            XCTAssertEqual(error as? ControlServerError, .notASocket(path: path))
        }
        var info = stat()
        XCTAssertEqual(lstat(path, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFREG)
    }
}

private enum SocketFileMaker {
    /// Binds a socket at `path` and closes it without unlinking.
    static func makeStaleSocket(at path: String) {
        let parent = String(path[..<path.lastIndex(of: "/")!])
        mkdir(parent, 0o755)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: Array(path.utf8) + [0])
        }
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        close(fd)
    }
}
