import Glibc

/// The systemd notification protocol (`Type=notify`, `WatchdogSec=`): one datagram of
/// `KEY=value` lines per message to the socket named by `$NOTIFY_SOCKET`. Spoken
/// directly so the daemon needs no libsystemd. Without `$NOTIFY_SOCKET` (started by
/// hand, or by tests) every message is a no-op.
public final class ServiceNotifier: Sendable {
    private let fd: Int32
    private let address: UnixSocketAddress?
    /// How often the service manager wants a `WATCHDOG=1`, when it watches this process.
    public let watchdogInterval: Double?
    /// Why notifications cannot be sent although `$NOTIFY_SOCKET` asked for them.
    public let problem: String?

    public convenience init() {
        self.init(environment: { name in getenv(name).map { String(cString: $0) } }, pid: Int(getpid()))
    }

    /// `environment` reads a variable; `pid` is this process (the watchdog may be meant
    /// for another one: `$WATCHDOG_PID`).
    public init(environment: (String) -> String?, pid: Int) {
        var interval: Double? = nil
        if let usec = environment("WATCHDOG_USEC").flatMap(Int.init), usec > 0 {
            let target = environment("WATCHDOG_PID").flatMap(Int.init)
            if target == nil || target == pid { interval = Double(usec) / 1_000_000 }
        }
        watchdogInterval = interval
        guard let path = environment("NOTIFY_SOCKET"), !path.isEmpty else {
            (fd, address, problem) = (-1, nil, nil)
            return
        }
        guard let target = UnixSocketAddress(path, abstractPrefix: true) else {
            (fd, address) = (-1, nil)
            problem = "NOTIFY_SOCKET is longer than a socket address (\(path.utf8.count) bytes)"
            return
        }
        let socketFD = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        fd = socketFD
        address = socketFD >= 0 ? target : nil
        problem = socketFD >= 0 ? nil : "cannot create the notification socket: \(errnoDescription())"
    }

    deinit { if fd >= 0 { close(fd) } }

    /// Whether a service manager listens.
    public var isActive: Bool { address != nil }

    /// Start-up finished: the control socket accepts clients.
    public func ready(status: String) throws(PosixError) { try send("READY=1\nSTATUS=\(status)") }
    /// Still alive: the control loop went round and the engine answered.
    public func watchdog() throws(PosixError) { try send("WATCHDOG=1") }
    /// Shutting down: systemd shows "deactivating" instead of a hang.
    public func stopping() throws(PosixError) { try send("STOPPING=1") }
    /// A free-form line `systemctl status` shows.
    public func status(_ text: String) throws(PosixError) { try send("STATUS=\(text)") }

    /// Sends one message; a no-op when nobody listens.
    public func send(_ message: String) throws(PosixError) {
        guard let address else { return }
        let bytes = Array(message.utf8)
        let sent = address.withSockaddr { target, length in
            bytes.withUnsafeBytes { raw in sendto(fd, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL), target, length) }
        }
        guard sent == bytes.count else { throw PosixError(call: "sendto NOTIFY_SOCKET") }
    }
}
