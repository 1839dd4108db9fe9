import CrateCore
import FoundationEssentials
import Logging
import Synchronization

/// Plex albums' covers for the display: where each one is on its server (the `thumb` the
/// last sync kept, by album) and its bytes at the size asked for. Lookups answer from
/// memory; the thumbs are read from the store once per server and again after each sync.
public final class PlexCovers: Sendable {
    private let service: PlexService
    /// By server (machine id): album ratingKey → thumb.
    private let thumbs = Mutex<[String: [String: String]]>([:])

    public init(service: PlexService) {
        self.service = service
        reload()
    }

    /// The cover of the album of `trackPath` (a Plex track's library path): its server,
    /// album ratingKey and thumb; nil when the server listed no thumb for it.
    public func cover(trackPath: String) -> (machine: String, album: String, thumb: String)? {
        guard case .plex(let machine, let album, _) = TrackLocation(path: trackPath), !machine.isEmpty, !album.isEmpty else {
            return nil
        }
        let known = thumbs.withLock { $0[machine] } ?? load(machine)
        guard let thumb = known[album], !thumb.isEmpty else { return nil }
        return (machine, album, thumb)
    }

    /// Reads the thumbs of the chosen server and of every server seen again (at start,
    /// and after a sync wrote new ones), so the display thread finds them in memory.
    public func reload() {
        var machines = Set(thumbs.withLock { $0.keys })
        do {
            if let server = try service.account.server() { machines.insert(server.machineIdentifier) }
        } catch {
            service.logger.warning("plex covers: cannot read the chosen server: \(error)")
        }
        for machine in machines { _ = load(machine) }
    }

    /// The cover's bytes from the server's photo transcoder, `side` pixels square.
    public func fetch(machine: String, thumb: String, side: Int) throws(PlexError) -> [UInt8] {
        try service.coverBytes(machine: machine, thumb: thumb, side: side)
    }

    private func load(_ machine: String) -> [String: String] {
        var map: [String: String] = [:]
        do {
            if let json = try service.store.scanState(PlexPaths.thumbsStateKey(machine)) {
                map = try JSONDecoder().decode([String: String].self, from: Data(json.utf8))
            }
        } catch {
            service.logger.warning("plex covers: cannot read the album thumbs of \(machine): \(error); covers stay placeholders")
        }
        thumbs.withLock { $0[machine] = map }
        return map
    }

    /// What a sync keeps: album ratingKey → thumb, for the albums that have one.
    static func encodeThumbs(_ albums: [PlexAlbum]) throws -> String {
        var map: [String: String] = [:]
        for album in albums { if let thumb = album.thumb, !thumb.isEmpty { map[album.ratingKey] = thumb } }
        return String(decoding: try JSONEncoder().encode(map), as: UTF8.self)
    }
}

extension PlexPaths {
    /// Where a server's album thumbs are kept between syncs (scan state).
    static func thumbsStateKey(_ machine: String) -> String { "plex-thumbs:\(machine)" }
}
