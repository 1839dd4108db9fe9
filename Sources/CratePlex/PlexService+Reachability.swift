import CrateCore
import CratePosix

/// Whether the chosen server answers, found out without the user's help: when a sync (or
/// anything else) finds it gone, its albums go offline and the `crate-plex-push` thread
/// asks `/identity` again after 2 s, then 4, 8… up to every 5 minutes, until it answers;
/// then its albums are online again. Any HTTP answer counts, even an error status: the
/// server is there. A play of an offline album that was not downloaded asks at once.
extension PlexService {
    static let firstProbeDelay = 2.0
    static let maxProbeDelay = 300.0
    /// A probe is one short request: a box that waits on it (a play) must not wait long.
    static let probeTimeout = 4.0

    /// Called (on the thread that found out) when the server answers again after being away.
    public func whenReachableAgain(_ action: @escaping @Sendable () -> Void) {
        reachableAgain.withLock { $0.append(action) }
    }

    /// The server did not answer: its albums go offline, and probing starts.
    func noteUnreachable(_ server: PlexAccount.Server) {
        markOnline(PlexPaths.root(server.machineIdentifier), false)
        state.withLockAndBroadcast { s in
            s.reachable = false
            if s.nextProbe == nil {
                s.probeDelay = Self.firstProbeDelay
                s.nextProbe = MonotonicClock.now() + s.probeDelay
            }
        }
        pushWake.withLockAndBroadcast { $0 = true }  // the push thread takes up the probing
    }

    /// The server answered: its albums are online, probing stops, write-backs go out.
    func noteAnswered(_ server: PlexAccount.Server) {
        let wasAway = state.withLockAndBroadcast { s -> Bool in
            let away = s.reachable == false
            s.reachable = true
            s.nextProbe = nil
            s.probeDelay = Self.firstProbeDelay
            return away
        }
        markOnline(PlexPaths.root(server.machineIdentifier), true)
        pushWake.withLockAndBroadcast { $0 = true }
        guard wasAway else { return }
        logger.info("plex: \(server.name) answers again; its albums are online")
        for action in reachableAgain.withLock({ $0 }) { action() }
    }

    /// True while the chosen server is known to be away (its albums offline).
    public var isAway: Bool { state.withLock { $0.reachable == false } }

    /// Seconds until the next probe is due (0 = now), nil when the server is not away.
    var secondsUntilProbe: Double? {
        state.withLock { s in s.nextProbe.map { max(0, $0 - MonotonicClock.now()) } }
    }

    /// Asks the chosen server whether it is there (one short request, no retries). True
    /// when it answered. A failed probe pushes the next one back (doubling, capped).
    @discardableResult
    func probe() -> Bool {
        let server: PlexAccount.Server
        do {
            guard let chosen = try account.server() else {
                state.withLock { $0.nextProbe = nil }
                return false
            }
            server = chosen
        } catch {
            logger.warning("plex: cannot read the chosen server to probe it: \(error)")
            return false
        }
        do {
            _ = try client.send("GET", server.uri, "/identity", token: nil, retry: .none, totalTimeout: Self.probeTimeout)
            state.withLock { $0.problem = nil }
        } catch let error where error.isUnreachable {
            state.withLockAndBroadcast { s in
                s.probeDelay = min(s.probeDelay * 2, Self.maxProbeDelay)
                s.nextProbe = MonotonicClock.now() + s.probeDelay
            }
            logger.debug("plex: \(server.name) still does not answer: \(error)")
            return false
        } catch {
            state.withLock { $0.problem = error.description }
        }
        noteAnswered(server)
        return true
    }

    /// For a play of an offline album that was not downloaded: true when the server of
    /// `paths` is the chosen one and answers now (its albums are then online again).
    public func reconnect(_ paths: [String]) -> Bool {
        let machines = paths.lazy.map(TrackLocation.init(path:)).compactMap { location -> String? in
            if case .plex(let machine, _, _) = location { return machine }
            return nil
        }
        guard let machine = machines.first else { return false }
        do {
            guard let server = try account.server(), server.machineIdentifier == machine else {
                return false
            }
        } catch {
            logger.warning("plex: cannot read the chosen server: \(error)")
            return false
        }
        return probe()
    }
}
