import CrateControlClient
import ArgumentParser
import CrateCore
import CrateConfig

#if canImport(Glibc)
import CrateWire
import Glibc
#endif

/// The options every subcommand takes: where the daemon is, and how to print its answer.
struct ConnectionOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The daemon's control socket.",
            discussion: "Default: $CRATE_SOCKET, else [control] socket in /etc/crate/crate.toml, else /run/crate/crate.sock.",
            valueName: "path"))
    var socket: String?

    @Option(name: .long, help: ArgumentHelp("Take the socket path from this crate.toml.", valueName: "path"))
    var config: String?

    @Flag(name: .long, help: "Print the daemon's reply as raw JSON, one line per reply or event, for scripts.")
    var json = false

    /// The socket to use, and (when the default config could not be used) a note worth
    /// showing if connecting then fails.
    func resolveSocket() throws(AdminError) -> SocketChoice {
        if let socket { return SocketChoice(path: socket) }
        if let config {
            do throws(ConfigError) {
                return SocketChoice(path: try CrateConfig.load(path: config).control.socket)
            } catch {
                throw .unreachable("cannot take the socket path from \(config): \(error)")
            }
        }
        if let fromEnvironment = getenv("CRATE_SOCKET"), fromEnvironment.pointee != 0 {
            return SocketChoice(path: String(cString: fromEnvironment))
        }
        let defaultPath = CrateConfig().control.socket
        do throws(ConfigError) {
            return SocketChoice(path: try CrateConfig.load(path: CrateConfig.defaultPath).control.socket)
        } catch where error.isMissingFile {
            return SocketChoice(path: defaultPath)
        } catch {
            // A broken or unreadable system config should not stop `status` from working
            // when the daemon is at the default path; mention it only if that fails too.
            return SocketChoice(path: defaultPath, note: "\(CrateConfig.defaultPath) was not used: \(error)")
        }
    }
}

struct SocketChoice {
    var path: String
    var note: String? = nil
}

extension ConnectionOptions {
    /// Connects to the daemon, with the reason for a failure spelled out.
    func connect() throws(AdminError) -> ControlClient {
        let choice = try resolveSocket()
        do throws(AdminError) {
            return try ControlClient(socketPath: choice.path)
        } catch {
            guard let note = choice.note else { throw error }
            throw AdminError(message: "\(error.message)\n(note: \(note))", exitCode: error.exitCode)
        }
    }

    /// Sends one request and prints the reply: raw with --json, else through `human`.
    /// An `ok: false` reply is printed as an error and ends with exit status 1.
    func perform(_ request: ControlRequest, human: (ControlReply) throws(AdminError) -> Void) throws(AdminError) {
        let client = try connect()
        let (reply, raw) = try client.roundTrip(request)
        if json { Output.line(raw) }
        guard reply.ok else {
            throw .refused(reply.error ?? "the daemon refused '\(request.cmd)' without saying why")
        }
        if !json { try human(reply) }
    }
}
