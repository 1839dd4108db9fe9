import CrateRouter
import CrateWire

/// Every command the control socket knows, one row each, in `ControlCommand`'s order. A new
/// command is a `ControlCommand` case (the name crate-admin and crate-web share), one row
/// here, and its handler: the router's case for the `Command` the row decodes to.
/// `ControlCommandTableTests` holds the table to `ControlCommand` and to docs/PROTOCOL.md.
enum ControlCommands {
    static let table: [ControlCommandSpec] = [
        .init(.ping, .router) { _, _ in .ping },
        .init(.status, .router) { _, _ in .status },
        .init(.play, .router) { request, _ throws(InvalidRequest) in try request.playCommand() },
        .init(.pause, .router) { _, _ in .pause },
        .init(.resume, .router) { _, _ in .resume },
        .init(.toggle, .router) { _, _ in .toggle },
        .init(.next, .router) { _, _ in .nextTrack },
        .init(.prev, .router) { _, _ in .previousTrack },
        .init(.stop, .router) { _, _ in .stop },
        .init(.seek, .router) { request, _ throws(InvalidRequest) in .seek(try request.seekPosition()) },
        .init(.subscribe, .subscribe) { _, _ in .status },
        .init(.libraryScan, .router) { request, _ in .scan(full: request.full ?? false) },
        .init(.libraryStats, .router) { _, _ in .libraryStats },
        .init(.albums, .router) { request, _ in .albums(genre: request.genre, artist: request.artist) },
        .init(.album, .router) { request, name throws(InvalidRequest) in .album(try request.requiredAlbum(name)) },
        .init(.artists, .router) { _, _ in .artists },
        .init(.genres, .router) { _, _ in .genres },
        .init(.crate, .router) { request, _ throws(InvalidRequest) in .crate(try request.crateRequest()) },
        .init(.crateRegenerate, .router) { _, _ in .regenerateCrate },
        .init(.dial, .router) { request, _ throws(InvalidRequest) in .dial(try request.dialPosition()) },
        .init(.like, .router) { request, _ in .opinion(.liked, album: request.album) },
        .init(.dislike, .router) { request, _ in .opinion(.disliked, album: request.album) },
        .init(.unlike, .router) { request, _ in .opinion(.none, album: request.album) },
        .init(.queue, .router) { _, _ in .queue },
        .init(.queueAdd, .router) { request, name throws(InvalidRequest) in
            .enqueue(try request.requiredAlbum(name), next: false)
        },
        .init(.queueNext, .router) { request, name throws(InvalidRequest) in
            .enqueue(try request.requiredAlbum(name), next: true)
        },
        .init(.nextAlbum, .router) { _, _ in .nextAlbum },
        .init(.prevAlbum, .router) { _, _ in .previousAlbum },
        .init(.history, .router) { _, _ in .history },
        .init(.diagnostics, .router) { _, _ in .diagnostics },
        .init(.input, .router) { request, _ throws(InvalidRequest) in .input(try request.injection()) },
        .init(.displaySnapshot, .router) { _, _ in .displaySnapshot },
        .init(.plexLogin, .network) { _, _ in .plex(.login) },
        .init(.plexStatus, .router) { _, _ in .plex(.status) },
        .init(.plexServers, .network) { _, _ in .plex(.servers) },
        .init(.plexUse, .network) { request, _ throws(InvalidRequest) in .plex(.use(try request.plexServer())) },
        .init(.plexSync, .router) { request, _ in .plex(.sync(acceptShrink: request.acceptShrink == true)) },
        .init(.plexLogout, .router) { _, _ in .plex(.logout) },
        .init(.downloads, .router) { _, _ in .plex(.downloads) },
        .init(.downloadsKeep, .router) { request, name throws(InvalidRequest) in
            .plex(.keep(try request.keepTarget(name)))
        },
        .init(.downloadsUnkeep, .router) { request, name throws(InvalidRequest) in
            .plex(.unkeep(try request.keepTarget(name)))
        },
        .init(.backup, .router) { request, name throws(InvalidRequest) in .backup(to: try request.userDataFile(name)) },
        .init(.restore, .router) { request, name throws(InvalidRequest) in
            .restore(from: try request.userDataFile(name))
        },
        .init(.nowPlaying, .router) { request, _ in .nowPlaying(withCover: request.cover == true) },
        .init(.cover, .router) { request, name throws(InvalidRequest) in try request.coverCommand(name) },
        .init(.lastfmLogin, .network) { _, _ in .lastfm(.login) },
        .init(.lastfmStatus, .router) { _, _ in .lastfm(.status) },
        .init(.lastfmLogout, .router) { _, _ in .lastfm(.logout) },
        .init(.sleep, .router) { request, _ throws(InvalidRequest) in .sleep(try request.sleepSetting()) },
    ]

    /// The table by name. A name listed twice keeps its first row (the table test refuses
    /// the second), so a slip in the table never stops the daemon from starting.
    static let byName: [ControlCommand: ControlCommandSpec] = Dictionary(
        table.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

    /// The row for `name`; a name without one is refused (the table test forbids that too).
    static func spec(_ name: ControlCommand) throws(InvalidRequest) -> ControlCommandSpec {
        guard let spec = byName[name] else {
            throw InvalidRequest("internal error: '\(name.rawValue)' has no row in the control socket's command table")
        }
        return spec
    }
}
