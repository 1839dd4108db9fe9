import CrateControlClient
import ArgumentParser
import CrateCore

#if canImport(Glibc)
import CrateWire
import Glibc
#endif

struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play MP3 files, a folder as an album in track order, or a library album (--album ID [--track K] [--paused]).",
        discussion: """
            Relative paths are taken from the current directory and sent as absolute paths; \
            the daemon reads the files itself, so they must be readable by its user.
            """)

    @Argument(help: ArgumentHelp("Files to play in this order, or one album folder.", valueName: "path"))
    var paths: [String] = []

    @Option(help: "A library album id (from 'albums') instead of paths.")
    var album: Int64?

    @Option(help: "With --album: start at this track (1 is the first); the album plays on in order from there.")
    var track: Int?

    @Flag(help: "With --album: load it paused, to play on 'toggle' or 'resume'.")
    var paused = false

    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions

    func validate() throws {
        if paths.isEmpty && album == nil { throw ValidationError("Give files, a folder, or --album ID to play.") }
        if !paths.isEmpty && album != nil { throw ValidationError("Give either paths or --album, not both.") }
        if track != nil && album == nil { throw ValidationError("--track needs --album: it picks a track of a library album.") }
        if paused && album == nil { throw ValidationError("--paused needs --album: it loads a library album paused.") }
        if let track, track < 1 { throw ValidationError("--track counts from 1 (the album's first track), not \(track).") }
    }

    func run() throws {
        try reportingFailures {
            if let album {
                return try connection.perform(ControlRequest(cmd: .play, album: album, track: track, paused: paused ? true : nil)) { reply in
                    Output.line(reply.status.map { HumanFormat.summary($0.player) } ?? "ok")
                }
            }
            let absolute = try paths.map(PathResolver.absolute)
            for path in absolute {
                var info = stat()
                if lstat(path, &info) != 0 && errno == ENOENT {
                    throw AdminError.refused("no such file or folder: \(path)")
                }
            }
            try connection.perform(ControlRequest(cmd: .play, paths: absolute)) { reply in
                Output.line(reply.status.map { HumanFormat.summary($0.player) } ?? "ok")
            }
        }
    }
}

/// Makes the paths a user typed mean the same thing to the daemon, whose working
/// directory is not the user's.
enum PathResolver {
    static func absolute(_ path: String) throws(AdminError) -> String {
        if path.hasPrefix("/") { return normalized(path) }
        return normalized(try currentDirectory() + "/" + path)
    }

    static func currentDirectory() throws(AdminError) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else {
            throw .refused("cannot resolve relative paths: the current directory is unavailable (\(ControlClient.describe(errno: errno)))")
        }
        return String(decoding: buffer.prefix(while: { $0 != 0 }).map(UInt8.init(bitPattern:)), as: UTF8.self)
    }

    /// Removes `.`, `..` and doubled slashes by text alone, so `./Album/` and `Album` are
    /// the same request. Symlinks are left for the daemon to follow.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}
