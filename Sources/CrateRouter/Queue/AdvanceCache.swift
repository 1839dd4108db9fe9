import CratePosix
import Synchronization

/// What auto-advance needs, read ahead on the router's executor when an album starts, so the
/// engine does not wait on SQLite when the list runs out: the disliked albums, and the
/// tracks of the local album expected to follow. Plex albums are always looked up again
/// (a server may have gone away since), still without any network wait.
final class AdvanceCache: Sendable {
    struct Upcoming {
        var album: Int64
        var paths: [String]
    }

    /// nil until read, and again once the user data or the library changed under it.
    let disliked: RouterOwned<Set<Int64>?>
    let upcoming: RouterOwned<Upcoming?>

    init(on executor: RouterExecutor) {
        disliked = RouterOwned(nil, on: executor)
        upcoming = RouterOwned(nil, on: executor)
    }

    func noteOpinion(_ opinion: AlbumOpinionChange, album: Int64) {
        disliked.access { known in
            guard var set = known else { return }
            if opinion == .disliked { set.insert(album) } else { set.remove(album) }
            known = set
        }
    }

    /// After a scan, a sync or a restored user.sqlite: ids or opinions may differ.
    func forget() {
        disliked.access { $0 = nil }
        upcoming.access { $0 = nil }
    }

    enum AlbumOpinionChange { case disliked, other }
}
