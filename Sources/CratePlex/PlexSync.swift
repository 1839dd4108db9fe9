import CrateCore
import CrateLibrary
import FoundationEssentials
import CratePosix
import Logging

/// One sync of a Plex server's music sections into the library cache. Albums and tracks
/// are listed page by page; tracks become `files` rows like scanned MP3s (so genres,
/// crates and the knob treat them alike), written only when new or changed. A track
/// leaves the library only after a complete, successful listing no longer has it; a
/// server that cannot be reached marks its albums offline and they stay browsable.
/// A listing short of the server's own `totalSize` is incomplete, and one with far fewer
/// albums than the library (the shrink guard) is held back: neither changes anything.
struct PlexSync {
    let client: PlexClient
    let store: any PlexCatalogStore
    let server: PlexAccount.Server
    /// The audio playlist that is the CDs wallet ("CDs").
    let walletPlaylist: String
    /// The shrink guard: a listing that loses more than this share of the library's albums
    /// (and more than `shrinkFloor` of them) is held back; 100 turns it off.
    var maxShrinkPercent = 25
    /// Apply a shrunken listing even so (`crate-admin plex sync --accept-shrink`).
    var acceptShrink = false
    let logger: Logger

    /// Losing this many albums or fewer never trips the guard: small libraries change by
    /// large shares when one or two albums leave.
    static let shrinkFloor = 20

    var root: String { PlexPaths.root(server.machineIdentifier) }

    func run(cancel: CancelFlag) throws(PlexError) -> PlexSyncReport {
        let started = MonotonicClock.now()
        var report = PlexSyncReport(completed: false, seconds: 0)
        let base = server.uri, token = server.accessToken
        let sections = try client.pages(base, "/library/sections", token: token, decode: PlexDecode.sections)
            .items.filter(\.isMusic)
        report.sections = sections.count
        var albums: [PlexAlbum] = [], tracks: [PlexTrack] = [], collections: [PlexAlbumList] = []
        for section in sections {
            guard !cancel.isSet else { return report }
            let listed = try client.pages(base, "/library/sections/\(section.key)/all", query: [("type", "9")],
                                          token: token, decode: PlexDecode.albums)
            let listedTracks = try client.pages(base, "/library/sections/\(section.key)/all", query: [("type", "10")],
                                                token: token, decode: PlexDecode.tracks)
            albums += listed.items
            tracks += listedTracks.items
            collections += try sectionCollections(section, base: base, token: token)
            report.skipped += listed.skipped + listedTracks.skipped
        }
        guard !cancel.isSet else { return report }
        let (wallet, playlists, walletNote) = try playlistLists(base: base, token: token)
        let mapped = PlexRecords.make(albums: albums, tracks: tracks, server: server.machineIdentifier)
        report.albums = mapped.albumCount
        report.tracks = mapped.records.count
        report.unplayableAlbums = mapped.unplayable.count
        report.skipped += mapped.skipped
        try guardShrink(listedAlbums: mapped.albumCount)
        do {
            let stamps = try store.stamps(root: root)
            let listed = Set(mapped.records.map(\.path))
            // Tracks stored before albums had release keys are written again, once, and the
            // box's likes and plays move to the new keys.
            let rekeyDone = PlexReleaseKeys.doneStateKey(server.machineIdentifier)
            let rekeying = try store.scanState(rekeyDone) == nil && !stamps.isEmpty
            if rekeying { try store.moveUserAlbumKeys(mapped.rekeyed) }
            let changed = mapped.records.filter { record in
                guard !rekeying, let stamp = stamps[record.path] else { return true }
                return stamp.size != record.size || stamp.mtimeNanos != record.mtimeNanos
            }
            let removed = stamps.keys.filter { !listed.contains($0) }
            report.added = changed.filter { stamps[$0.path] == nil }.count
            report.changed = changed.count - report.added
            report.removed = removed.count
            for start in stride(from: 0, to: max(changed.count, 1), by: 500) {
                let batch = Array(changed[start..<min(start + 500, changed.count)])
                try store.apply(upserts: batch, deletions: start == 0 ? removed : [],
                                isKnown: { stamps[$0] != nil })
            }
            try store.replaceRemoteLocations(server: server.machineIdentifier, mapped.locations,
                                           unplayable: mapped.unplayable)
            try store.replaceRemoteAlbumStats(server: server.machineIdentifier, mapped.stats)
            try store.setRoot(root, online: true)
            try store.setScanState(PlexPaths.walletStateKey, try wallet.map { try WalletJSON.encode($0) })
            try store.setScanState(PlexPaths.walletNoteStateKey, walletNote)
            let collections = PlexReleaseKeys.remap(collections, mapped.rekeyed)
            let playlists = PlexReleaseKeys.remap(playlists, mapped.rekeyed)
            try store.setScanState(PlexPaths.collectionsStateKey(server.machineIdentifier),
                                   String(decoding: try JSONEncoder().encode(collections), as: UTF8.self))
            try store.setScanState(PlexPaths.playlistsStateKey(server.machineIdentifier),
                                   String(decoding: try JSONEncoder().encode(playlists), as: UTF8.self))
            try store.setScanState(rekeyDone, "1")
            try store.setScanState(PlexPaths.thumbsStateKey(server.machineIdentifier), try PlexCovers.encodeThumbs(albums))
        } catch {
            throw .badResponse("cannot store the sync: \(error)")
        }
        report.completed = true
        report.seconds = MonotonicClock.now() - started
        logger.info("plex sync of \(server.name): \(report.albums) albums, \(report.tracks) tracks (+\(report.added) ~\(report.changed) -\(report.removed)), \(report.unplayableAlbums) unplayable, \(String(Int(report.seconds * 1000))) ms")
        return report
    }
}

extension PlexSync {
    /// Throws when the listing has lost more albums than the guard allows since the last sync.
    func guardShrink(listedAlbums: Int) throws(PlexError) {
        guard !acceptShrink else { return }
        let previous: Int
        do { previous = try store.counts(root: root).albums } catch {
            throw .badResponse("cannot count the library's albums of \(server.name): \(error)")
        }
        let lost = previous - listedAlbums
        guard lost > Self.shrinkFloor, lost * 100 > previous * maxShrinkPercent else { return }
        throw .incomplete("held back: \(server.name) lists \(listedAlbums) albums where the library has \(previous) "
            + "(\(lost) fewer, more than \(maxShrinkPercent) %); if they really left the server, "
            + "run crate-admin plex sync --accept-shrink")
    }

    /// A section's collections, each with its albums' library keys in the server's order.
    func sectionCollections(_ section: PlexSection, base: String, token: String) throws(PlexError) -> [PlexAlbumList] {
        let listed = try client.pages(base, "/library/sections/\(section.key)/collections", token: token,
                                      decode: PlexDecode.collections).items
        var result: [PlexAlbumList] = []
        for collection in listed {
            let albums = try client.pages(base, "/library/collections/\(collection.ratingKey)/children", token: token,
                                          decode: PlexDecode.albums).items
            result.append(PlexAlbumList(
                title: collection.title,
                albumKeys: albums.map { PlexPaths.albumKey(server.machineIdentifier, album: $0.ratingKey) }))
        }
        return result
    }

    /// Every audio playlist as a list of albums, and the wallet playlist's tracks as wallet
    /// items (each stands for its album; nil when the server has no such playlist). Of
    /// several playlists with the wallet's name (any case), the one with the most tracks is
    /// the wallet, ties going to the one the server lists first; `note` says so.
    func playlistLists(base: String, token: String) throws(PlexError)
        -> (wallet: [WalletItem]?, lists: [PlexAlbumList], note: String?) {
        let playlists = try client.pages(base, "/playlists", query: [("playlistType", "audio")], token: token,
                                         decode: PlexDecode.playlists).items
        var candidates: [[PlexTrack]] = []
        var lists: [PlexAlbumList] = []
        for playlist in playlists {
            let tracks = try client.pages(base, "/playlists/\(playlist.ratingKey)/items", token: token,
                                          decode: PlexDecode.playlistItems).items
            var keys: [String] = []
            for track in tracks {
                guard let album = track.albumRatingKey else { continue }
                let key = PlexPaths.albumKey(server.machineIdentifier, album: album)
                if !keys.contains(key) { keys.append(key) }
            }
            lists.append(PlexAlbumList(title: playlist.title, albumKeys: keys))
            if playlist.title.lowercased() == walletPlaylist.lowercased() { candidates.append(tracks) }
        }
        // The first of the longest: max(by:) would give the last.
        guard let chosen = candidates.enumerated().min(by: { a, b in
            a.element.count != b.element.count ? a.element.count > b.element.count : a.offset < b.offset
        })?.element else { return (nil, lists, nil) }
        var note: String?
        if candidates.count > 1 {
            let others = candidates.count == 2 ? "the other is" : "the others are"
            note = "\(candidates.count) Plex playlists are named \"\(walletPlaylist)\": the wallet is the one with the most "
                + "tracks (\(chosen.count)), ties going to the one the server lists first; \(others) left out"
            logger.warning("\(note ?? "")")
        }
        let wallet = chosen.enumerated().map { index, track in
            let label = "\(track.albumArtist ?? track.artist ?? "?") — \(track.albumTitle ?? track.title)"
            guard let album = track.albumRatingKey else {
                return WalletItem(line: index + 1, text: label, kind: .unrecognized)
            }
            return WalletItem(line: index + 1, text: label,
                              kind: .path(PlexPaths.track(server.machineIdentifier, album: album, track: track.ratingKey)))
        }
        return (wallet, lists, note)
    }
}

/// Names Plex items take in the library.
public enum PlexPaths {
    /// The library root of a server's tracks.
    public static func root(_ machine: String) -> String { TrackLocation.plexRoot(machine) }
    /// A track's path: under its album, so the album's folder is its own.
    static func track(_ machine: String, album: String, track: String) -> String {
        TrackLocation.plex(machine: machine, album: album, track: track).path
    }
    static func albumKey(_ machine: String, album: String) -> String { "plex:\(machine):\(album)" }
    /// Where the Plex wallet playlist's items are kept between syncs (scan state).
    public static let walletStateKey = "plex-wallet"
    /// How the wallet playlist was chosen when several carry its name (scan state).
    public static let walletNoteStateKey = "plex-wallet-note"
    /// Where a server's collections are kept between syncs (scan state).
    public static func collectionsStateKey(_ machine: String) -> String { "plex-collections:\(machine)" }
    /// Where a server's audio playlists are kept between syncs (scan state).
    public static func playlistsStateKey(_ machine: String) -> String { "plex-playlists:\(machine)" }
}

/// A stop request a long job checks between steps.
final class CancelFlag: Sendable {
    private let flag = ConditionLocked(false)
    var isSet: Bool { flag.withLock { $0 } }
    func set() { flag.withLock { $0 = true } }
}
