import ArgumentParser
import CrateCore
import CrateWire

/// `backup` and `restore` of user.sqlite, done by the running daemon (it holds the file's
/// only writer, so the copy is consistent and the swap happens between two writes).
struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Write a consistent copy of the user data (likes, dislikes, plays, the saved queue) to FILE.",
        discussion: """
            The copy is of user.sqlite in state_dir: everything the user did, which no scan \
            can rebuild (likes and dislikes, play counts and history, the saved queue and \
            crate, settings). The library cache (library.sqlite) is not included: a scan \
            rebuilds it. The copy is made with SQLite's online backup while crated runs, \
            and is a single self-contained SQLite file (no -wal beside it). crated writes \
            FILE, so its folder must be writable by the user crated runs as. Relative paths \
            are taken from the current directory. Bring it back with `crate-admin restore FILE`.
            """)

    @Argument(help: ArgumentHelp("Where to write the copy.", valueName: "file"))
    var file: String

    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions

    func run() throws {
        try reportingFailures {
            let path = try PathResolver.absolute(file)
            try connection.perform(ControlRequest(cmd: .backup, paths: [path])) { reply in
                guard let copy = reply.userData else { return Output.line("backed up to \(path)") }
                Output.line("backed up to \(copy.file): \(UserDataFormat.contents(copy))")
            }
        }
    }
}

struct RestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Replace the user data with a copy made by `crate-admin backup`.",
        discussion: """
            crated checks FILE first (SQLite's integrity check, a schema version this Crate \
            knows, the user tables present) and refuses it with the reason otherwise, \
            changing nothing. A sound file is swapped in while crated runs, in one step; \
            the user data it replaces is first saved as user.sqlite.before-restore-<time> \
            in state_dir. Likes, dislikes and history apply at once; the saved queue is \
            the one the running session keeps saving. crated must be running (it reads \
            FILE, so the user it runs as must be able to read it). With crated stopped, \
            copying FILE over state_dir/user.sqlite (and deleting user.sqlite-wal and \
            user.sqlite-shm) does the same without the checks.
            """)

    @Argument(help: ArgumentHelp("The copy to bring back.", valueName: "file"))
    var file: String

    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions

    func run() throws {
        try reportingFailures {
            let path = try PathResolver.absolute(file)
            try connection.perform(ControlRequest(cmd: .restore, paths: [path])) { reply in
                guard let copy = reply.userData else { return Output.line("restored from \(path)") }
                Output.line("restored from \(copy.file): \(UserDataFormat.contents(copy))")
                if let previous = copy.previous { Output.line("the user data it replaced is kept at \(previous)") }
            }
        }
    }
}

enum UserDataFormat {
    static func contents(_ copy: UserDataCopy) -> String {
        "\(copy.likes) liked, \(copy.dislikes) disliked, \(counted(copy.albumsPlayed, "album")) with plays (\(copy.bytes / 1024) KB)"
    }
}
