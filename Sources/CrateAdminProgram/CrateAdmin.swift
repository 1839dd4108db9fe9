import ArgumentParser
import CrateCore

/// The root command: only help and the list of subcommands.
struct CrateAdmin: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "crate-admin",
        abstract: "Control and inspect the Crate album player (crated) through its control socket.",
        discussion: """
            Every subcommand takes --socket, --config and --json. The socket is, in order: \
            --socket, the [control] socket of the --config file, $CRATE_SOCKET, the [control] \
            socket of /etc/crate/crate.toml, /run/crate/crate.sock.

            Exit status: 0 done; 1 the daemon refused the request (or a path does not \
            exist); 2 the daemon cannot be reached or answered something unexpected; \
            64 bad usage. `doctor` exits 0 when no check failed and 1 when one did.
            """,
        version: CrateVersion.description,
        subcommands: [
            StatusCommand.self, PlayCommand.self, PauseCommand.self, ResumeCommand.self,
            ToggleCommand.self, NextCommand.self, PrevCommand.self, StopCommand.self,
            SeekCommand.self, SleepCommand.self, WatchCommand.self, PingCommand.self, LibraryCommand.self, AlbumsCommand.self,
            AlbumCommand.self, ArtistsCommand.self, GenresCommand.self, CrateCommand.self, DialCommand.self,
            LikeCommand.self, DislikeCommand.self, UnlikeCommand.self, QueueCommand.self, NextAlbumCommand.self,
            PrevAlbumCommand.self, HistoryCommand.self, DiagnosticsCommand.self, InputCommand.self,
            DisplayCommand.self, PlexCommand.self, DownloadsCommand.self, DoctorCommand.self,
            BackupCommand.self, RestoreCommand.self, RoomsCommand.self, SnapcastControlCommand.self,
            LastFMCommand.self,
        ]
    )
}
