import FoundationEssentials

/// A command the page may send (POST /api/do). Only these reach crated, each with only
/// the arguments it needs: the page cannot scan, restore, sign out of Plex or play paths.
public struct PageCommand: Sendable, Decodable, Equatable {
    public var cmd: String
    public var album: Int64?
    public var track: Int?
    public var seconds: Double?
    public var position: String?
    public var sleep: String?
    public var genre: String?
    public var genres: [String]?
    public var artist: String?
    public var favorites: Bool?
    public var wallet: Bool?
    public var wall: Bool?
    public var collection: String?
    public var playlist: String?
    public var grow: Bool?

    /// Commands that act on the player or the crate, and which arguments each keeps.
    static let allowed: Set<String> = [
        "play", "toggle", "pause", "resume", "next", "prev", "stop", "seek",
        "like", "dislike", "unlike", "queue-add", "queue-next", "next-album", "prev-album",
        "dial", "crate", "crate-regenerate", "plex-login", "sleep", "downloads-keep", "downloads-unkeep",
    ]
    /// Commands that change the box's accounts (which Plex account it plays from): on an
    /// open page (no password) anyone on the network would have them, so they need a page
    /// signed in with the password.
    static let accountCommands: Set<String> = ["plex-login"]
    /// Commands that keep albums offline or let them go: they must name what.
    static let keepCommands: Set<String> = ["downloads-keep", "downloads-unkeep"]
    static let accountsNeedPassword = "signing in to Plex from the page needs a password: without [web] password in "
        + "crate.toml anyone on the network could replace the box's Plex account. Set one (then sign in on the page), "
        + "or sign in on the box with 'crate-admin plex login'"

    /// True for a command that replaces one of the box's accounts.
    public var changesAccounts: Bool { Self.accountCommands.contains(cmd) }

    static let sleepChoices: Set<String> = ["15m", "30m", "60m", "end-of-album", "off"]
    static let maxTextBytes = 200

    public static func decode(_ body: [UInt8]) throws(PageCommandError) -> PageCommand {
        do {
            return try JSONDecoder().decode(PageCommand.self, from: Data(body))
        } catch {
            throw PageCommandError("not a command: the body must be a JSON object with 'cmd'")
        }
    }

    /// The daemon request, or why the page's command is refused.
    public func daemonRequest() throws(PageCommandError) -> WebDaemonRequest {
        guard Self.allowed.contains(cmd) else { throw PageCommandError("'\(cmd.prefix(40))' is not a command the page may send") }
        var request = WebDaemonRequest(cmd)
        let texts = [genre, artist, collection, playlist, position].compactMap { $0 } + (genres ?? [])
        if texts.contains(where: { $0.utf8.count > Self.maxTextBytes }) || (genres?.count ?? 0) > 32 {
            throw PageCommandError("an argument is too long")
        }
        switch cmd {
        case "play":
            guard let album else { throw PageCommandError("play needs 'album'") }
            request.album = album
            request.track = track
        case "like", "dislike", "unlike", "downloads-keep", "downloads-unkeep":
            request.album = album
            if Self.keepCommands.contains(cmd), album == nil, collection == nil, playlist == nil {
                throw PageCommandError("\(cmd) needs 'album'")
            }
            if album == nil { request.collection = collection; request.playlist = playlist }
        case "queue-add", "queue-next":
            guard let album else { throw PageCommandError("\(cmd) needs 'album'") }
            request.album = album
        case "seek":
            guard let seconds, seconds.isFinite, seconds >= 0 else { throw PageCommandError("seek needs 'seconds' >= 0") }
            request.seconds = seconds
        case "dial":
            guard let position else { throw PageCommandError("dial needs 'position'") }
            request.position = position
        case "sleep":
            guard let sleep, Self.sleepChoices.contains(sleep) else {
                throw PageCommandError("sleep needs one of \(Self.sleepChoices.sorted().joined(separator: ", "))")
            }
            request.sleep = sleep
        case "crate":
            request.genre = genre
            request.genres = genres
            request.artist = artist
            request.favorites = favorites
            request.wallet = wallet
            request.wall = wall
            request.collection = collection
            request.playlist = playlist
            request.grow = grow
        default:
            break
        }
        return request
    }
}

public struct PageCommandError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
