import CrateConfig
import CrateCore
import CrateSnapcast

/// `snapcast`: with `[snapcast] stream` set, snapserver answers, has the box's tcp source
/// at the configured format, and which rooms play it; and what crated says of its stream.
enum SnapcastCheck {
    static let name = "snapcast"

    static func check(config: CrateConfig, configPath: String, daemon: DaemonView?) -> DoctorResult {
        guard let stream = config.snapcast.stream, let control = config.snapcast.controlAddress else {
            return .ok(name, "off ([snapcast] stream is unset)")
        }
        let format = config.snapcast.format
        let sourceLine = "source = tcp://\(stream.host):\(stream.port)?name=Crate&mode=server&sampleformat=\(format)"
        let directory: RoomDirectory
        do {
            let connection = try SnapserverConnection(address: control)
            directory = RoomDirectory(server: try connection.status(), source: stream)
        } catch {
            return .warn(name, "\(error)", fix: "start snapserver (sudo systemctl start snapserver), "
                         + "or set [snapcast] control in \(configPath) to where its JSON-RPC listens")
        }
        guard let box = directory.boxStream else {
            return .fail(name, "snapserver at \(control) has no tcp source on port \(stream.port) "
                         + "(streams: \(directory.server.streams.map(\.id).joined(separator: ", ")))",
                         fix: "add `\(sourceLine)` to /etc/snapserver.conf and restart snapserver")
        }
        if let sampleFormat = box.uri.query["sampleformat"], sampleFormat != format.description {
            return .fail(name, "snapserver's stream \(box.id) is \(sampleFormat), crated sends \(format)",
                         fix: "make [snapcast] format in \(configPath) and the source's sampleformat the same")
        }
        let playing = directory.rooms.filter { $0.playingBox && $0.connected }.map(\.name)
        let rooms = playing.isEmpty ? "no room plays it" : "rooms playing it: \(playing.joined(separator: ", "))"
        let detail = "stream \(box.id) at \(stream) (\(format), \(box.status)); \(rooms)"
        if let message = daemon?.status.player.output.message {
            return .warn(name, "\(detail); crated says: \(message)",
                         fix: "journalctl -u crated -e; check that snapserver listens on \(stream)")
        }
        return .ok(name, detail)
    }
}
