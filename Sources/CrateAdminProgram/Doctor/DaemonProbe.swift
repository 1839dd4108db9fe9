import CrateControlClient
import CrateCore

#if canImport(Glibc)
import CrateWire
import Glibc
#endif

/// What the running daemon says about itself: its status and, asked on the same
/// connection, the library, Plex and the download cache; plus who it runs as.
struct DaemonView: Sendable {
    var socketPath: String
    var status: DaemonStatus
    var peer: Result<PeerCredentials, SystemError>
    /// Each nil when the daemon could not answer it (`problems` says why).
    var library: LibraryStats?
    var plex: PlexStatus?
    var downloads: DownloadsStatus?
    /// `library-stats: library unavailable: …`, per request that was refused.
    var problems: [String: String] = [:]
    /// The typed cause of a refusal in `problems`, where the daemon gave one.
    var causes: [String: RefusalCause] = [:]

    /// The pid to look up in /proc: the kernel's (our pid namespace), else the daemon's own word.
    var pid: pid_t {
        if case .success(let peer) = peer { return peer.pid }
        return pid_t(status.pid)
    }
}

/// The daemon answered, or why it did not.
enum DaemonProbe: Sendable {
    case running(DaemonView)
    case unreachable(String)

    var view: DaemonView? {
        if case .running(let view) = self { return view }
        return nil
    }

    /// Connects, pings, and asks for everything the checks use.
    static func probe(socket: String) -> DaemonProbe {
        do throws(AdminError) {
            let client = try ControlClient(socketPath: socket)
            let peer = client.peerCredentials()
            let (ping, _) = try client.roundTrip(ControlRequest(cmd: .ping))
            guard ping.ok else { return .unreachable("ping refused: \(ping.error ?? "no reason given")") }
            let (reply, _) = try client.roundTrip(ControlRequest(cmd: .status))
            guard reply.ok, let status = reply.status else {
                return .unreachable("status refused: \(reply.error ?? "the reply carries no status")")
            }
            var view = DaemonView(socketPath: socket, status: status, peer: peer)
            // It answered status: it runs. A later question that fails is that check's problem.
            var broken: String?
            func ask(_ command: ControlCommand) -> ControlReply? {
                if let broken {
                    view.problems[command.rawValue] = broken
                    return nil
                }
                do throws(AdminError) {
                    let (answer, _) = try client.roundTrip(ControlRequest(cmd: command))
                    if !answer.ok {
                        view.problems[command.rawValue] = answer.error ?? "refused without a reason"
                        view.causes[command.rawValue] = answer.cause
                    }
                    return answer.ok ? answer : nil
                } catch {
                    broken = error.message
                    view.problems[command.rawValue] = error.message
                    return nil
                }
            }
            view.library = ask(.libraryStats)?.library
            view.plex = ask(.plexStatus)?.plex
            view.downloads = ask(.downloads)?.downloads
            return .running(view)
        } catch {
            return .unreachable(error.message)
        }
    }
}

/// Where the kernel's views of the system are. Everything below `root` ("" = the real
/// system): tests point it at a directory tree that plays a box with other hardware.
/// Per-process files (/proc/PID) always come from the real /proc: the pid is real.
struct SystemPaths: Sendable {
    var root: String = ""

    var asoundCards: String { root + "/proc/asound/cards" }
    var sndDirectory: String { root + "/dev/snd" }
    var devDirectory: String { root + "/dev" }
    var gpioBus: String { root + "/sys/bus/gpio/devices" }

    /// A path inside /dev (`/dev/gpiochip0`), moved under `root`.
    func dev(_ name: String) -> String { devDirectory + "/" + name }
}
