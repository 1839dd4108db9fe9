import CrateControlClient
import ArgumentParser
import CrateCore
import CrateWire

struct CrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "crate", abstract: "Show the crate under the knob, or make a genre, artist, favorites, wallet, collection or playlist crate current.",
        subcommands: [CrateShowCommand.self, CrateRegenerateCommand.self], defaultSubcommand: CrateShowCommand.self)
}

struct CrateShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "The crate's albums in knob order, with the signal that picked each.")
    @Option(help: ArgumentHelp("A genre crate: a super-genre (Jazz) or sub-category (Bebop). Repeat it for several at once, an OR of them: --genre Bebop --genre \"Hard Bop\".", valueName: "genre"))
    var genre: [String] = []
    @Option(help: "An artist's catalog, oldest first.") var artist: String?
    @Flag(help: "Favorites: the liked albums, most recently liked first.") var favorites = false
    @Flag(help: "The CDs wallet ([crate] wallet, or a Plex playlist named CDs).") var wallet = false
    @Option(help: "A Plex collection, by title.") var collection: String?
    @Option(help: "A Plex audio playlist's albums, by title.") var playlist: String?
    @Flag(help: "Grow the current Crate Wall or genre crate as the knob does past its last album (each album once); says when nothing more can be added.")
    var grow = false
    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions

    func validate() throws {
        if [!genre.isEmpty, artist != nil, favorites, wallet, collection != nil, playlist != nil, grow].filter({ $0 }).count > 1 {
            throw ValidationError("Give one of --genre, --artist, --favorites, --wallet, --collection, --playlist or --grow.")
        }
        if genre.contains(where: { $0.allSatisfy(\.isWhitespace) }) {
            throw ValidationError("--genre needs a name ('crate-admin genres' lists them).")
        }
    }

    func run() throws {
        try reportingFailures {
            let request = ControlRequest(cmd: .crate, genre: genre.count == 1 ? genre[0] : nil, artist: artist,
                                         wallet: wallet ? true : nil, collection: collection, playlist: playlist,
                                         genres: genre.count > 1 ? genre : nil, favorites: favorites ? true : nil,
                                         grow: grow ? true : nil)
            try connection.perform(request) { reply throws(AdminError) in
                if let crate = reply.crate { Output.line(QueueFormat.crate(crate)) }
                if reply.crate?.atEnd == true { Output.line("The end of the crate: nothing more to add") }
            }
        }
    }
}

struct CrateRegenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "regenerate", abstract: "A fresh crate of the same kind (a new seed).",
        discussion: "The Wall, or the genre crate the knob is in, is also blended anew at every start of the daemon and each time a genre crate is entered.")
    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions

    func run() throws {
        try reportingFailures {
            try connection.perform(ControlRequest(cmd: .crateRegenerate)) { reply throws(AdminError) in
                if let crate = reply.crate { Output.line(QueueFormat.crate(crate)) }
            }
        }
    }
}

struct DialCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dial",
        abstract: "Show the Crate Dial, or turn it (my-crate, curated, mixed, deep-dig, mystery, or 1-5).",
        discussion: "Turning the dial regenerates the crate with that position's weights: inside a genre crate it stays in the genre (with the genre's own six signals), otherwise it is the Crate Wall.")
    @Argument(help: "The position to turn to.") var position: String?
    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions

    func run() throws {
        try reportingFailures {
            try connection.perform(ControlRequest(cmd: .dial, position: position)) { reply throws(AdminError) in
                if let crate = reply.crate { Output.line(QueueFormat.dial(crate)) }
            }
        }
    }
}

/// like / dislike / unlike share everything but the command.
struct OpinionCommand: ParsableArguments {
    @Option(help: "The album's id; default: the album playing.") var album: Int64?
    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions

    /// Prints only what the command did (`liked: Artist — Title`): the player's state is
    /// `status`'s business, and a sound-device error printed here read as if the like failed.
    func send(_ command: ControlCommand) throws(AdminError) {
        try connection.perform(ControlRequest(cmd: command, album: album)) { reply in
            let done = command == .like ? "liked" : command == .dislike ? "disliked" : "no longer liked or disliked"
            let album = reply.albums?.first.map { "\($0.artist) — \($0.title)" } ?? self.album.map { "album \($0)" } ?? "the album playing"
            Output.line("\(done): \(album)")
        }
    }
}

struct LikeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "like", abstract: "Like an album (clears a dislike).")
    @OptionGroup var options: OpinionCommand
    func run() throws { try reportingFailures { try options.send(.like) } }
}

struct DislikeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dislike", abstract: "Dislike an album: never offered again; if it is playing, skip to the next album.")
    @OptionGroup var options: OpinionCommand
    func run() throws { try reportingFailures { try options.send(.dislike) } }
}

struct UnlikeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unlike", abstract: "Clear a like or a dislike (on the box only: a Plex server keeps its rating).")
    @OptionGroup var options: OpinionCommand
    func run() throws { try reportingFailures { try options.send(.unlike) } }
}
