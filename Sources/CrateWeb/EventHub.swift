import CrateControlClient
import CrateCore
import CrateWire
import Logging
import Dispatch
import FoundationEssentials
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// One `subscribe` connection to crated, fanned out to every open page. The daemon's
/// event lines go to the pages as they are (each carries the whole player status); when
/// crated goes away the pages are told (`daemon-down`) and the hub reconnects by itself,
/// announcing `daemon-up` with the fresh status once crated answers again.
public final class EventHub: Sendable {
    /// Pages listening at once; one more is refused (a 503), so clients cannot grow memory.
    public let maxListeners: Int
    /// Lines waiting for one slow page; past it the oldest are dropped (each event carries
    /// the whole status, so the newest is what matters).
    static let bufferedLines = 32
    /// How soon a lost daemon is asked again.
    static let retrySeconds = 0.25

    private let socketPath: String
    private let logger: Logger
    private struct State {
        var listeners: [Int: AsyncStream<String>.Continuation] = [:]
        var nextID = 0
        /// The daemon's last status line, for a page that opens its stream now.
        var lastStatus: String?
        var connected = false
        /// What this crated offers, asked once per connection.
        var features = DaemonFeatures(unknownCommandAnswer: "")
    }
    private let state = Mutex(State())

    /// Called when a scan or a Plex sync ended: lists and covers kept from before may be stale.
    private let onLibraryChange: @Sendable () -> Void

    public init(socketPath: String, maxListeners: Int, logger: Logger, onLibraryChange: @escaping @Sendable () -> Void = {}) {
        self.onLibraryChange = onLibraryChange
        self.socketPath = socketPath
        self.maxListeners = maxListeners
        self.logger = logger
    }

    public var listenerCount: Int { state.withLock { $0.listeners.count } }
    public var isConnected: Bool { state.withLock { $0.connected } }
    public var features: DaemonFeatures { state.withLock { $0.features } }

    /// Starts the reading thread; it runs for the life of the process.
    public func start() {
        // A thread of its own for the life of the process: it blocks reading the socket.
        DispatchQueue(label: "crate-web.events").async { self.run() }
    }

    /// One page's stream: first where things stand, then every event. `end` finishes it
    /// (its connection closed) and frees its place at once.
    public struct Listener: Sendable {
        public let lines: AsyncStream<String>
        public let end: @Sendable () -> Void
    }

    /// A stream for one page; nil when `maxListeners` pages are already listening.
    public func listen() -> Listener? {
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(Self.bufferedLines))
        let added: Bool = state.withLock { s in
            guard s.listeners.count < maxListeners else { return false }
            let id = s.nextID
            s.nextID += 1
            s.listeners[id] = continuation
            continuation.yield(s.connected ? (s.lastStatus ?? Self.upLine(nil)) : Self.downLine)
            continuation.onTermination = { [weak self] _ in
                _ = self?.state.withLock { $0.listeners.removeValue(forKey: id) }
            }
            return true
        }
        guard added else {
            continuation.finish()
            return nil
        }
        return Listener(lines: stream, end: { continuation.finish() })
    }

    /// An unknown command's answer lists every command crated knows.
    static func askFeatures(_ socketPath: String) -> DaemonFeatures {
        do throws(ControlClientError) {
            let probe = WebDaemonRequest("crate-web-features")
            let answer = try ControlClient(socketPath: socketPath).roundTrip(line: probe.encodedLine()).reply.error
            return DaemonFeatures(unknownCommandAnswer: answer ?? "")
        } catch {
            return DaemonFeatures(unknownCommandAnswer: "")
        }
    }

    static let downLine = #"{"event":"daemon-down"}"#
    /// The subscribe reply (`{"ok":true,"status":{...}}`) as it came, inside a `daemon-up` event.
    static func upLine(_ reply: String?) -> String {
        guard let reply else { return #"{"event":"daemon-up"}"# }
        return #"{"event":"daemon-up","reply":"# + reply + "}"
    }

    /// The pages' album list and covers are read again once a scan ended or Plex synced.
    private func noteLibraryChange(_ line: String) {
        do {
            if try Self.changesLibrary(line) { onLibraryChange() }
        } catch {
            logger.warning("crated sent an event line without an event kind (\(error)); passed on as it is")
        }
    }

    /// Whether an event line says the library changed, by the event's kind as
    /// `DaemonEvent` types it. A kind this crate-web does not know changes nothing.
    static func changesLibrary(_ line: String) throws -> Bool {
        struct Header: Decodable { var event: String }
        let kind = DaemonEvent.Kind(rawValue: try JSONDecoder().decode(Header.self, from: Data(line.utf8)).event)
        return kind == .scanFinished || kind == .plexSynced
    }

    private func broadcast(_ line: String) {
        state.withLock { s in
            for continuation in s.listeners.values { continuation.yield(line) }
        }
    }

    private func run() {
        var announcedDown = false
        while true {
            do throws(ControlClientError) {
                let client = try ControlClient(socketPath: socketPath)
                client.setReplyTimeout(seconds: ControlClient.replyTimeoutSeconds)
                let (reply, raw) = try client.roundTrip(ControlRequest(cmd: .subscribe))
                guard reply.ok else { throw .refused(reply.error ?? "subscribe refused") }
                let up = Self.upLine(raw)
                let features = Self.askFeatures(socketPath)
                state.withLock { $0.connected = true; $0.lastStatus = up; $0.features = features }
                broadcast(up)
                logger.info("subscribed to crated on \(socketPath)")
                announcedDown = false
                client.setReplyTimeout(seconds: 0)  // silence is normal between events
                while let line = try client.readLine() {
                    if line.isEmpty { continue }
                    noteLibraryChange(line)
                    broadcast(line)
                }
                logger.warning("crated closed the event stream; reconnecting")
            } catch {
                if !announcedDown { logger.warning("crated's events: \(error.message); retrying every \(Self.retrySeconds) s") }
            }
            let wasConnected = state.withLock { s in
                defer { s.connected = false; s.lastStatus = nil }
                return s.connected
            }
            if wasConnected || !announcedDown {
                broadcast(Self.downLine)
                announcedDown = true
            }
            usleep(useconds_t(Self.retrySeconds * 1_000_000))
        }
    }
}
