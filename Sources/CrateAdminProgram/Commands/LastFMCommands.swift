import CrateControlClient
import ArgumentParser
import CrateCore
import CrateWire
import Glibc

struct LastFMCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lastfm", abstract: "Sign in to Last.fm to scrobble what the box plays.",
        discussion: """
            Needs an API account of your own (https://www.last.fm/api/account/create): put \
            its key and shared secret in [lastfm] api_key and api_secret and restart crated. \
            `lastfm login` prints a link: open it in a browser on any computer or phone \
            signed in to Last.fm and allow access; the command waits until you do. The \
            session is kept by crated in lastfm.sqlite in its state folder (mode 0600).

            A track is scrobbled once it has been heard for half its length or 4 minutes, \
            whichever comes first (pauses do not count, a seek does not make the skipped \
            part heard); tracks under 30 seconds are not. While Last.fm cannot be reached, \
            scrobbles wait in lastfm.sqlite (they survive restarts and power cuts) and are \
            sent in batches of 50 when it is back.
            """,
        subcommands: [LastFMStatusCommand.self, LastFMLoginCommand.self, LastFMLogoutCommand.self],
        defaultSubcommand: LastFMStatusCommand.self)
}

struct LastFMStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "status", abstract: "The account, the scrobbles waiting, the last error.")
    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions
    func run() throws {
        try reportingFailures {
            try connection.perform(ControlRequest(cmd: .lastfmStatus)) { reply throws(AdminError) in
                if let lastfm = reply.lastfm { Output.line(LastFMFormat.details(lastfm)) }
            }
        }
    }
}

struct LastFMLoginCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login", abstract: "Sign in: prints the link to approve, waits until it is approved.")
    @Option(help: "Give up waiting after this many seconds (the link itself lasts 60 minutes).") var timeout: Int = 900
    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions

    func run() throws {
        try reportingFailures {
            let (reply, raw) = try connection.connect().roundTrip(ControlRequest(cmd: .lastfmLogin))
            if connection.json { Output.line(raw) }
            guard reply.ok, let lastfm = reply.lastfm, let url = lastfm.authURL else {
                throw AdminError.refused(reply.error ?? "the daemon did not start a sign-in")
            }
            if !connection.json {
                Output.line("Open this link in a browser signed in to Last.fm and allow access:")
                Output.line("  \(url)")
                Output.line("waiting… (Ctrl-C stops waiting; crated keeps waiting for the approval)")
            }
            var waited = 0
            while waited < timeout {
                sleep(1)
                waited += 1
                let (status, raw) = try connection.connect().roundTrip(ControlRequest(cmd: .lastfmStatus))
                guard let lastfm = status.lastfm else { continue }
                switch lastfm.auth {
                case .signedIn:
                    if connection.json { Output.line(raw) } else { Output.line("signed in as \(lastfm.user ?? "?")") }
                    return
                case .signingIn: continue
                case .signedOut, .sessionInvalid: throw AdminError.refused(lastfm.lastError ?? "the sign-in did not complete")
                }
            }
            throw AdminError.refused("the link was not approved within \(timeout) s (run lastfm login again)")
        }
    }
}

struct LastFMLogoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout", abstract: "Forget the session (scrobbles waiting are kept for the next sign-in).")
    @OptionGroup(title: "Connection Options") var connection: ConnectionOptions
    func run() throws {
        try reportingFailures {
            try connection.perform(ControlRequest(cmd: .lastfmLogout)) { _ throws(AdminError) in Output.line("signed out") }
        }
    }
}
