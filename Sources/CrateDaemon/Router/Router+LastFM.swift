import CrateCore
import CrateLastFM
import CrateWire

/// `crate-admin lastfm …` and Last.fm's line in `status`; CrateLastFM's LastFMLink does the work.
extension Router {
    /// A player event for the scrobbler, with the library album it belongs to.
    func feedLastFM(_ kind: DaemonEvent.Kind, _ status: PlayerStatus) {
        lastfm.observe(kind, status) {
            status.currentIndex.flatMap { index in session?.state.withLock { $0.segment(containing: index)?.albumID } }
        }
    }

    func handleLastFM(_ command: ControlCommand, _ request: ControlRequest) throws -> ControlReply {
        var reply = ControlReply(ok: true)
        switch command {
        case .lastfmLogin: reply.lastfm = try lastfm.login()
        case .lastfmLogout: reply.lastfm = try lastfm.logout()
        case .lastfmStatus: reply.lastfm = try lastfm.status()
        default: throw RouterError("\(command.rawValue) is not a Last.fm command")
        }
        return reply
    }

    /// The status's `lastfm` and a warning for what needs the user.
    func addLastFM(to status: inout DaemonStatus) {
        let report = lastfm.report()
        status.lastfm = report.status
        status.warnings += report.warnings
    }
}
