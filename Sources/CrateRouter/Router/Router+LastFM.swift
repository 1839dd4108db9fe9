import CrateCore
import CrateLastFM

/// `crate-admin lastfm …` and Last.fm's line in `status`; CrateLastFM's LastFMLink does the work.
extension Router {
    /// A player event for the scrobbler, with the library album it belongs to.
    func feedLastFM(_ kind: DaemonEvent.Kind, _ status: PlayerStatus) {
        lastfm.observe(kind, status) {
            status.currentIndex.flatMap { index in session?.state.access { $0.segment(containing: index)?.albumID } }
        }
    }

    func performLastFM(_ request: Command.LastFMRequest) throws -> Answer {
        switch request {
        case .login: .lastfm(try lastfm.login())
        case .logout: .lastfm(try lastfm.logout())
        case .status: .lastfm(try lastfm.status())
        }
    }

    /// The status's `lastfm` and a warning for what needs the user.
    func addLastFM(to status: inout DaemonStatus) {
        let report = lastfm.report()
        status.lastfm = report.status
        status.warnings += report.warnings
    }
}
