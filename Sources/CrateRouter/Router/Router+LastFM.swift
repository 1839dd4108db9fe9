import CrateCore
import CrateLastFM
import CrateLibrary

/// Whether Last.fm scrobbling runs.
public enum LastFMLink: Sendable {
    /// `[lastfm]` has no API key.
    case off
    case on(LastFMService, LastFMFeed)
    /// Configured but not running; says why.
    case unavailable(String)
}

/// `crate-admin lastfm …` and Last.fm's line in `status`.
extension Router {
    var lastfmService: LastFMService? {
        if case .on(let service, _) = lastfmLink.withLock({ $0 }) { return service }
        return nil
    }

    /// A player event for the scrobbler, with the library album it belongs to.
    func feedLastFM(_ kind: DaemonEvent.Kind, _ status: PlayerStatus) {
        guard case .on(_, let feed) = lastfmLink.withLock({ $0 }) else { return }
        let albumID = status.currentIndex.flatMap { index in session?.state.withLock { $0.segment(containing: index)?.albumID } }
        feed.observe(kind, status, albumID: albumID)
    }

    func performLastFM(_ request: Command.LastFMRequest) throws -> Answer {
        let service: LastFMService
        switch lastfmLink.withLock({ $0 }) {
        case .off: throw RouterError("Last.fm is off: set [lastfm] api_key and api_secret in the config (see crate-admin lastfm --help)")
        case .unavailable(let why): throw RouterError(why)
        case .on(let running, _): service = running
        }
        switch request {
        case .login: return .lastfm(try service.beginLogin())
        case .logout: try service.logout()
        case .status: break
        }
        return .lastfm(service.status())
    }

    /// The status's `lastfm` and a warning for what needs the user: a refused session,
    /// scrobbles that cannot be sent.
    func addLastFM(to status: inout DaemonStatus) {
        switch lastfmLink.withLock({ $0 }) {
        case .off: return
        case .unavailable(let why):
            status.warnings.append(why)
        case .on(let service, _):
            let lastfm = service.status()
            status.lastfm = lastfm
            if lastfm.auth == .sessionInvalid {
                status.warnings.append("lastfm: the session was refused; sign in again with crate-admin lastfm login")
            } else if lastfm.pending > 0, let error = lastfm.lastError {
                status.warnings.append("lastfm: \(lastfm.pending) scrobble(s) waiting (\(error))")
            }
        }
    }
}
