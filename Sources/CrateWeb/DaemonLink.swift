import CrateControlClient
import CrateCore
import CrateWire
import Dispatch
import Synchronization

/// crate-web's requests to crated: one control-socket round trip each, on a few kept
/// connections. The socket client blocks, so calls run on a dispatch queue, never on the
/// Swift concurrency pool that serves the pages.
public final class DaemonLink: Sendable {
    public let socketPath: String
    /// Connections kept open between requests; more requests at once open more, closed after.
    static let keptConnections = 4
    private let idle = Mutex<[KeptConnection]>([])
    private let queue = DispatchQueue(label: "crate-web.daemon", attributes: .concurrent)

    public init(socketPath: String) {
        self.socketPath = socketPath
    }

    /// The daemon's reply line (kept raw: fields this build does not know, from a newer
    /// crated, reach the page) and its decoded form.
    public func request(_ request: WebDaemonRequest) async throws(ControlClientError) -> (reply: ControlReply, raw: String) {
        let result: Result<(reply: ControlReply, raw: String), ControlClientError> = await withCheckedContinuation { done in
            queue.async { done.resume(returning: self.roundTrip(request)) }
        }
        return try result.get()
    }

    private func roundTrip(_ request: WebDaemonRequest) -> Result<(reply: ControlReply, raw: String), ControlClientError> {
        // A kept connection may have been closed by a crated that restarted since: one retry
        // on a fresh connection tells that apart from a daemon that is down.
        for attempt in 0..<2 {
            let kept = attempt == 0 ? idle.withLock { $0.popLast() } : nil
            do throws(ControlClientError) {
                let client: ControlClient
                if let kept { client = kept.client } else { client = try ControlClient(socketPath: socketPath) }
                let line = try client.roundTrip(line: request.encodedLine())
                let back = KeptConnection(client)
                idle.withLock { if $0.count < Self.keptConnections { $0.append(back) } }
                return .success(line)
            } catch {
                if kept == nil || !error.isUnreachable { return .failure(error) }
            }
        }
        return .failure(.unreachable("the daemon could not be reached"))
    }
}

/// A connection between two requests. The client is not thread-safe; it is only ever used
/// by the one request that took it out of the pool (under the pool's lock), so handing it
/// between threads this way is safe.
private final class KeptConnection: @unchecked Sendable {
    let client: ControlClient
    init(_ client: ControlClient) { self.client = client }
}
