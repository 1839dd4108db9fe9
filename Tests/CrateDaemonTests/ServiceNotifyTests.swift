import CratePosix
import Foundation
import TestSupport
import XCTest

/// crated under systemd's `Type=notify` and `WatchdogSec=`: the messages a real service
/// manager would receive, caught on a datagram socket of the test's own.
final class ServiceNotifyTests: XCTestCase {
    var dir: TemporaryDirectory!

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "notify") }
    override func tearDown() { dir?.remove() }

    /// READY=1 only once the control socket answers, WATCHDOG=1 again and again while the
    /// daemon goes round, STOPPING=1 on SIGTERM.
    func testReadinessWatchdogAndStopping() throws {
        let listener = try NotifyListener(path: dir.file("notify.sock"))
        let daemon = try DaemonProcess(dir: dir.path, environment: [
            "NOTIFY_SOCKET": listener.path, "WATCHDOG_USEC": "1500000",
        ])
        let ready = try listener.next(within: 10)
        XCTAssertTrue(ready.contains("READY=1"), ready)
        XCTAssertTrue(ready.contains("STATUS=idle; output file:"), ready)
        // The socket was answering before READY was sent (DaemonProcess connected, too).
        XCTAssertTrue(try daemon.request(.ping).ok)

        var pings = 0
        let deadline = Date().addingTimeInterval(5)
        while pings < 3, Date() < deadline {
            if try listener.next(within: 2).contains("WATCHDOG=1") { pings += 1 }
        }
        XCTAssertEqual(pings, 3, "expected a watchdog ping every 0.5 s; log:\n\(daemon.log)")

        XCTAssertEqual(daemon.stop(), 0)
        var messages: [String] = []
        while let message = try? listener.next(within: 1) { messages.append(message) }  // until quiet
        XCTAssertTrue(messages.contains { $0.contains("STOPPING=1") }, "\(messages)")
    }

    /// systemd usually names an abstract socket (`@/org/freedesktop/systemd1/notify/...`).
    func testAnAbstractNotifySocketIsReached() throws {
        let listener = try NotifyListener(path: "@crate-notify-test-\(getpid())")
        let env = ["NOTIFY_SOCKET": listener.path]
        let notifier = ServiceNotifier(environment: { env[$0] }, pid: 1)
        XCTAssertTrue(notifier.isActive)
        try notifier.ready(status: "ok")
        XCTAssertEqual(try listener.next(within: 2), "READY=1\nSTATUS=ok")
    }

    /// A watchdog meant for another process (a wrapper's `$WATCHDOG_PID`) is not ours to feed.
    func testWatchdogForAnotherProcessIsIgnored() {
        let env = ["WATCHDOG_USEC": "2000000", "WATCHDOG_PID": "4242"]
        XCTAssertNil(ServiceNotifier(environment: { env[$0] }, pid: 1000).watchdogInterval)
        XCTAssertEqual(ServiceNotifier(environment: { env[$0] }, pid: 4242).watchdogInterval, 2.0)
        let notifier = ServiceNotifier(environment: { _ in nil }, pid: 1)
        XCTAssertFalse(notifier.isActive)
        XCTAssertNoThrow(try notifier.ready(status: "no service manager: a no-op"))
    }

    /// An over-long `$NOTIFY_SOCKET` is reported, not truncated into someone else's socket.
    func testOverlongNotifySocketIsAProblem() {
        let long = "/" + String(repeating: "x", count: 200)
        let notifier = ServiceNotifier(environment: { $0 == "NOTIFY_SOCKET" ? long : nil }, pid: 1)
        XCTAssertFalse(notifier.isActive)
        XCTAssertNotNil(notifier.problem)
    }
}

/// The service manager's end: a bound datagram socket.
private final class NotifyListener {
    let path: String
    private let fd: Int32

    /// `path` may name an abstract socket (`@name`), as systemd's often is.
    init(path: String) throws {
        self.path = path
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        guard fd >= 0 else { throw PosixError(call: "socket") }
        guard let address = UnixSocketAddress(path, abstractPrefix: true) else { throw FixtureError("bad path \(path)") }
        guard address.withSockaddr({ bind(fd, $0, $1) }) == 0 else { throw PosixError(call: "bind") }
    }

    deinit { close(fd) }

    /// The next datagram, or an error when none comes within `seconds`.
    func next(within seconds: Double) throws -> String {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(seconds * 1000)) == 1 else { throw FixtureError("no notification within \(seconds) s") }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = recv(fd, &buffer, buffer.count, 0)
        guard n >= 0 else { throw PosixError(call: "recv") }
        return String(decoding: buffer[..<n], as: UTF8.self)
    }
}
