import CrateControlClient
import CrateCore
import Synchronization

/// The library's album list, asked of crated once and kept until a scan or sync ends (or
/// a minute passes), so paging and searching do not ask the daemon for 20,000 albums each time.
public final class LibraryList: Sendable {
    static let keepSeconds: Double = 60
    private let daemon: DaemonLink
    private let kept = Mutex<(albums: [AlbumSummary], at: ContinuousClock.Instant)?>(nil)

    init(daemon: DaemonLink) { self.daemon = daemon }

    func albums() async throws(ControlClientError) -> [AlbumSummary] {
        let now = ContinuousClock.now
        if let hit = kept.withLock({ $0 }), now - hit.at < .seconds(Self.keepSeconds) { return hit.albums }
        let (reply, _) = try await daemon.request(WebDaemonRequest("albums"))
        guard reply.ok else { throw .refused(reply.error ?? "albums refused") }
        let albums = reply.albums ?? []
        kept.withLock { $0 = (albums, now) }
        return albums
    }

    public func forget() { kept.withLock { $0 = nil } }
}
