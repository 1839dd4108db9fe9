import CrateControlClient
import ArgumentParser
import CrateCore
import CrateWire
import Glibc

struct PlexCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plex", abstract: "Sign in to Plex, choose a server, sync its music.",
        discussion: """
            The box has no keyboard: `plex login` shows a code to enter at plex.tv/link on \
            any phone or computer and waits until it is entered. The token is kept by the \
            daemon in its state folder, readable only by its user.
            """,
        subcommands: [PlexStatusCommand.self, PlexLoginCommand.self, PlexServersCommand.self, PlexUseCommand.self,
                      PlexSyncCommand.self, PlexLogoutCommand.self],
        defaultSubcommand: PlexStatusCommand.self)
}

struct PlexStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "status", abstract: "Account, server, reachability, counts, the last sync.")
    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions
    func run() throws {
        try reportingFailures {
            try connection.perform(ControlRequest(cmd: .plexStatus)) { reply throws(AdminError) in
                if let plex = reply.plex { Output.line(HumanFormat.plex(plex)) }
            }
        }
    }
}

struct PlexLoginCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login", abstract: "Sign in with a PIN: shows the link and the code, waits until it is entered.")
    @Option(help: "Give up after this many seconds (the PIN itself lasts 15 minutes).") var timeout: Int = 900
    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions

    func run() throws {
        try reportingFailures {
            let client = try connection.connect()
            let (reply, raw) = try client.roundTrip(ControlRequest(cmd: .plexLogin))
            if connection.json { Output.line(raw) }
            guard reply.ok, let plex = reply.plex, let code = plex.pinCode else {
                throw AdminError.refused(reply.error ?? "the daemon did not start a sign-in")
            }
            if !connection.json {
                Output.line("Open \(plex.link ?? "https://plex.tv/link") and enter the code  \(code)")
                Output.line("waiting…")
            }
            var waited = 0
            while waited < timeout {
                sleep(1)
                waited += 1
                let (status, raw) = try connection.connect().roundTrip(ControlRequest(cmd: .plexStatus))
                guard let plex = status.plex else { continue }
                switch plex.auth {
                case .signedIn:
                    if connection.json { Output.line(raw) } else {
                        Output.line("signed in\(plex.username.map { " as \($0)" } ?? ""); next: crate-admin plex servers")
                    }
                    return
                case .signingIn: continue
                case .signedOut, .expired:
                    throw AdminError.refused(plex.problem ?? "the sign-in did not complete")
                }
            }
            throw AdminError.refused("no code entered within \(timeout) s")
        }
    }
}

struct PlexServersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "servers", abstract: "The Plex servers this account can use.")
    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions
    func run() throws {
        try reportingFailures {
            try connection.perform(ControlRequest(cmd: .plexServers)) { reply throws(AdminError) in
                let servers = reply.servers ?? []
                if servers.isEmpty { Output.line("no servers (is this account shared a server?)") }
                for server in servers {
                    Output.line("\(server.name)  (\(server.machineIdentifier))  \(server.uris.joined(separator: " "))")
                }
            }
        }
    }
}

struct PlexUseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "use", abstract: "Use this server (by name or id) and sync it.")
    @Argument(help: "The server's name or machine identifier, as `plex servers` lists it.") var server: String
    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions
    func run() throws {
        try reportingFailures {
            try connection.perform(ControlRequest(cmd: .plexUse, server: server)) { reply throws(AdminError) in
                Output.line("using \(reply.plex?.server?.name ?? server); syncing in the background (crate-admin plex status)")
            }
        }
    }
}

struct PlexSyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync", abstract: "Sync the server's music into the library now.",
        discussion: """
            A listing with far fewer albums than the library (more than [plex] \
            max_shrink_percent of them, and more than 20) is held back, not applied: a server \
            in the middle of a rescan must not empty the library. If the albums really left \
            the server, sync again with --accept-shrink.
            """)
    @Flag(help: "Apply the listing even when it has far fewer albums than the library.") var acceptShrink = false
    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions
    func run() throws {
        try reportingFailures {
            try connection.perform(ControlRequest(cmd: .plexSync, acceptShrink: acceptShrink ? true : nil)) { _ throws(AdminError) in
                Output.line("sync started (crate-admin plex status, or watch for the result)")
            }
        }
    }
}

struct PlexLogoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout", abstract: "Forget the token and the server (their albums stay, offline).")
    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions
    func run() throws {
        try reportingFailures {
            try connection.perform(ControlRequest(cmd: .plexLogout)) { _ throws(AdminError) in Output.line("signed out") }
        }
    }
}
