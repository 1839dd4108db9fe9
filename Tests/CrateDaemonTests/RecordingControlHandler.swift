import CrateCore
import CrateDaemon
@testable import CrateControlSocket
@testable import CrateRouter
import CrateWire
import Synchronization

/// A stand-in for the router: answers every request from a canned status, records what
/// it was asked, and publishes events to subscribers on the caller's thread, the way the
/// engine would.
final class RecordingControlHandler: ControlHandler {
    private struct State {
        var requests: [Command] = []
        var sinks: [Int: @Sendable (DaemonEvent) -> Void] = [:]
        var nextSinkID = 1
        var statusFails = false
    }

    private let state = Mutex(State())

    /// Commands the handler was given, in order (the server must filter out invalid requests).
    var requests: [Command] { state.withLock { $0.requests } }
    var subscriberCount: Int { state.withLock { $0.sinks.count } }

    /// Makes `status` (and so `subscribe`) fail, as a router without a player would.
    func setStatusFails(_ fails: Bool) { state.withLock { $0.statusFails = fails } }

    func perform(_ command: Command) throws(CommandRefusal) -> Answer {
        let statusFails = state.withLock { state in
            state.requests.append(command)
            return state.statusFails
        }
        switch command {
        case .status:
            if statusFails { throw CommandRefusal("no player") }
            return .status(Self.daemonStatus())
        case .seek(let seconds):
            // Echo the position so tests can match replies to requests.
            return .status(Self.daemonStatus(position: seconds))
        case .nextTrack:
            throw CommandRefusal("nothing is playing")
        default:
            return .status(Self.daemonStatus())
        }
    }

    func subscribe(_ sink: @escaping @Sendable (DaemonEvent) -> Void) -> EventSubscription {
        let id = state.withLock { state in
            defer { state.nextSinkID += 1 }
            state.sinks[state.nextSinkID] = sink
            return state.nextSinkID
        }
        return EventSubscription { [weak self] in
            _ = self?.state.withLock { $0.sinks.removeValue(forKey: id) }
        }
    }

    /// Calls every subscriber's sink, synchronously, on this thread.
    func publish(_ event: DaemonEvent) {
        let sinks = state.withLock { Array($0.sinks.values) }
        for sink in sinks { sink(event) }
    }

    /// The reply to `ping`: every command the handler does is answered with the status.
    static var pong: ControlReply { ControlReply(ok: true, status: daemonStatus()) }

    static func playerStatus(position: Double = 0, trackCount: Int = 3) -> PlayerStatus {
        PlayerStatus(
            state: .playing,
            tracks: (1...trackCount).map { TrackStatus(path: "/music/Album/0\($0) Track.mp3", duration: 192) },
            currentIndex: 0, position: position, sourceRate: 44100, sourceChannels: 2,
            output: OutputStatus(
                device: "null", isFallback: true, message: "no sound card", sampleRate: 44100,
                channels: 2, realtime: false, rtPriority: 40, realtimeMessage: "not permitted", underruns: 0))
    }

    static func daemonStatus(position: Double = 0) -> DaemonStatus {
        DaemonStatus(
            version: "test", pid: 1, uptimeSeconds: 1, configPath: nil,
            player: playerStatus(position: position), warnings: [])
    }
}
