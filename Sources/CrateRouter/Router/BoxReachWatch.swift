import CrateCore
import CratePosix
import Synchronization

/// How to reach the box (BoxReach), kept for the panel and `status`: the host name and
/// address are read again by `refresh()` (on a timer while the start screen shows, and
/// at each `status`), never while drawing, so a frame costs no system call and nothing
/// redraws while the address stays the same.
public final class BoxReachWatch: Sendable {
    /// The host name and IPv4 address now (NetworkIdentity; a test may stand in).
    public typealias Identity = @Sendable () -> (hostName: String?, address: String?)
    private let webListen: String?
    private let mpdListen: [String]
    private let identity: Identity
    private let known: Mutex<BoxReach?>

    public init(webListen: String?, mpdListen: [String],
                identity: @escaping Identity = { (NetworkIdentity.hostName(), NetworkIdentity.firstIPv4()) }) {
        self.webListen = webListen
        self.mpdListen = mpdListen
        self.identity = identity
        let now = identity()
        known = Mutex(BoxReach(hostName: now.hostName, address: now.address, webListen: webListen, mpdListen: mpdListen))
    }

    /// What was read last; nil when neither the page nor MPD is on the network.
    public var current: BoxReach? { known.withLock { $0 } }

    /// Reads the name and address again; true when they changed (the panel then redraws).
    @discardableResult
    public func refresh() -> Bool {
        let now = identity()
        let reach = BoxReach(hostName: now.hostName, address: now.address, webListen: webListen, mpdListen: mpdListen)
        return known.withLock { known in
            guard known != reach else { return false }
            known = reach
            return true
        }
    }
}
