import CrateCore
@testable import CrateDaemon
@testable import CrateRouter

/// The parts of the router's answers the rule tests read.
extension Answer {
    var status: DaemonStatus? {
        switch self {
        case .status(let status), .opinion(_, let status), .input(_, let status): status
        case .diagnostics(let diagnostics): diagnostics.status
        default: nil
        }
    }

    var history: [AlbumHistory]? {
        if case .history(let history) = self { return history }
        return nil
    }
}
