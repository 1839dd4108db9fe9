import CrateControlClient
import CrateCore
import CratePosix
import CrateSnapcast
import CrateWire
import FoundationEssentials
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// snapserver's control script for the box's stream: snapserver starts it, writes
/// JSON-RPC requests to its stdin and reads replies and notifications from its stdout.
/// It publishes what crated plays (from crated's events) and turns Snapweb's and the
/// phone apps' play/pause/next into crated requests. Log lines go to stderr, which
/// snapserver copies into its own log.
final class SnapcastBridge: Sendable {
    /// How long to wait before asking a crated that went away again.
    static let reconnectSeconds: UInt32 = 1

    let socketPath: String
    private let writing = Mutex(())
    /// The cover last sent, by crated's cover key: fetched once per album.
    private let art = Mutex<(key: String?, data: PluginMetadata.ArtData?)>((nil, nil))

    init(socketPath: String) {
        self.socketPath = socketPath
    }

    /// Runs until snapserver closes stdin (it stops or restarts the stream).
    func run() throws(PosixError) {
        notify("Plugin.Stream.Ready", NoParams?.none)
        _ = try PosixThread.spawn(name: "crate-snapctl") { [self] in watchDaemon() }
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            pending.append(contentsOf: chunk[..<n])
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(pending[..<newline])
                pending.removeSubrange(...newline)
                if !line.isEmpty { handle(line) }
            }
        }
    }

    // MARK: - From crated to snapserver

    /// Follows crated's events for good, publishing properties on every change; while
    /// crated is away the stream says "stopped" and the bridge retries every second.
    private func watchDaemon() {
        var saidDown = false
        while true {
            do throws(AdminError) {
                try follow(wasDown: saidDown)
            } catch {
                if !saidDown {
                    log("error: \(error.message); the stream shows stopped until crated answers")
                    publish(PluginProperties(nil, art: nil))
                }
                saidDown = true
            }
            sleep(Self.reconnectSeconds)
        }
    }

    /// One connection to crated's events, until it ends. Each loop here calls out for its
    /// work: with the event decoding inlined into them, the optimizer's loop pass took
    /// over ten minutes on this function in a release build.
    @inline(never)
    private func follow(wasDown: Bool) throws(AdminError) {
        let client = try ControlClient(socketPath: socketPath)
        let (reply, _) = try client.roundTrip(ControlRequest(cmd: .subscribe))
        guard reply.ok else { throw .refused(reply.error ?? "crated refused to send events") }
        client.setReplyTimeout(seconds: 0)
        if wasDown { log("crated is back on \(socketPath)") }
        publish()
        while let line = try client.readLine() { take(line, from: client) }
        throw .unreachable("crated closed the connection (stopped or restarting)")
    }

    @inline(never)
    private func take(_ line: String, from client: ControlClient) {
        let event: DaemonEvent
        do throws(AdminError) {
            event = try client.decode(DaemonEvent.self, from: line)
        } catch {
            // A kind newer than this crate-admin: nothing it could publish.
            log("skipped an event it does not know: \(line.prefix(120))")
            return
        }
        switch event.event {
        case .state, .track, .seek, .trackError: publish()
        default: break
        }
    }

    private func publish(_ properties: PluginProperties? = nil) {
        notify("Plugin.Stream.Player.Properties", properties ?? currentProperties())
    }

    /// What crated plays now, with the album's cover (asked for only when the album changed).
    private func currentProperties() -> PluginProperties {
        do throws(AdminError) {
            let info = try nowPlaying(withCover: false)
            let known = art.withLock { $0.key }
            if info.coverKey != known {
                let cover = info.coverKey == nil ? nil : try nowPlaying(withCover: true).cover
                art.withLock { $0 = (info.coverKey, cover.map { .init(data: $0.data, extension: $0.format) }) }
            }
            return PluginProperties(info, art: art.withLock { $0.data })
        } catch {
            log("error: cannot ask crated what plays: \(error.message)")
            return PluginProperties(nil, art: nil)
        }
    }

    private func nowPlaying(withCover: Bool) throws(AdminError) -> NowPlayingInfo {
        let reply = try ask(ControlRequest(cmd: .nowPlaying, cover: withCover))
        guard let info = reply.nowPlaying else { throw .unreachable("crated's now-playing reply carries nothing") }
        return info
    }

    private func ask(_ request: ControlRequest) throws(AdminError) -> ControlReply {
        let (reply, _) = try ControlClient(socketPath: socketPath).roundTrip(request)
        guard reply.ok else { throw .refused(reply.error ?? "crated refused '\(request.cmd)' without saying why") }
        return reply
    }

    // MARK: - From snapserver to crated

    private func handle(_ line: [UInt8]) {
        let request: PluginRequest
        do {
            request = try JSONDecoder().decode(PluginRequest.self, from: Data(line))
        } catch {
            log("error: snapserver sent what is not a request: \(String(decoding: line.prefix(160), as: UTF8.self))")
            answer(nil, NoParams?.none, JSONRPCErrorObject(code: -32700, message: "Parse error", data: "\(error)"))
            return
        }
        guard request.id != nil else { return }  // a notification: nothing to answer
        switch request.method {
        case "Plugin.Stream.Player.GetProperties":
            answer(request.id, currentProperties(), nil)
        case "Plugin.Stream.Player.Control":
            do throws(AdminError) {
                try control(request.params)
                answer(request.id, "ok", nil)
            } catch {
                log("error: \(request.params?.command ?? "control"): \(error.message)")
                answer(request.id, NoParams?.none, JSONRPCErrorObject(code: -32603, message: "Internal error", data: error.message))
            }
        case "Plugin.Stream.Player.SetProperty":
            answer(request.id, NoParams?.none, JSONRPCErrorObject(
                code: -32602, message: "Invalid params",
                data: "Crate plays albums in order at the rooms' own volumes; set a room's volume in snapcast"))
        default:
            answer(request.id, NoParams?.none, JSONRPCErrorObject(code: -32601, message: "Method not found", data: request.method))
        }
    }

    /// Plugin.Stream.Player.Control's commands, as crated requests.
    private func control(_ params: PluginRequest.Params?) throws(AdminError) {
        let command = params?.command ?? ""
        let request: ControlRequest
        switch command {
        case "play":
            // Paused: go on. Stopped: the toggle button's "start again". Playing: nothing to do.
            switch try nowPlaying(withCover: false).state {
            case "paused": request = ControlRequest(cmd: .resume)
            case "playing", "buffering": return
            default: request = ControlRequest(cmd: .toggle)
            }
        case "pause": request = ControlRequest(cmd: .pause)
        case "playPause": request = ControlRequest(cmd: .toggle)
        case "stop": request = ControlRequest(cmd: .stop)
        case "next": request = ControlRequest(cmd: .next)
        case "previous": request = ControlRequest(cmd: .prev)
        case "setPosition":
            guard let position = params?.params?.position else { throw .refused("setPosition needs params.position") }
            request = ControlRequest(cmd: .seek, seconds: max(0, position))
        case "seek":
            guard let offset = params?.params?.offset else { throw .refused("seek needs params.offset") }
            request = ControlRequest(cmd: .seek, seconds: max(0, try nowPlaying(withCover: false).position + offset))
        default:
            throw .refused("unknown command '\(command)'")
        }
        _ = try ask(request)
    }

    // MARK: - Writing to snapserver

    private func notify<Params: Encodable>(_ method: String, _ params: Params?) {
        write(JSONRPCNotification(method: method, params: params))
    }

    private func answer<Result: Encodable>(_ id: JSONRPCID?, _ result: Result?, _ error: JSONRPCErrorObject?) {
        write(PluginReply(id: id, result: result, error: error))
    }

    private func write(_ message: some Encodable) {
        do {
            let line = String(decoding: try JSONEncoder().encode(message), as: UTF8.self)
            writing.withLock { _ in Output.line(line) }
        } catch {
            log("error: cannot encode a message for snapserver: \(error)")
        }
    }

    private func log(_ text: String) {
        Output.error("snapcast-control: \(text)")
    }
}
