import CrateFormats
import CratePosix
import Glibc

/// A track arriving over HTTP as a byte source: what has arrived is read from the
/// fetcher's spool; a read past it waits for the bytes (up to the stall timeout), so
/// decoders check `readyBytes` first and report "waiting" instead of blocking.
final class StreamByteSource: ByteSource {
    private let fetcher: StreamFetcher
    private let path: String

    init(fetcher: StreamFetcher, path: String) {
        self.fetcher = fetcher
        self.path = path
    }

    deinit { fetcher.stop() }

    var size: Int? { fetcher.state.withLock { $0.finished ? $0.received : $0.total } }

    func readyBytes(from offset: Int) -> Int {
        fetcher.state.withLock { s in s.finished ? Int.max : max(0, s.received - offset) }
    }

    func read(at offset: Int, into buffer: UnsafeMutableRawPointer, count: Int) throws(DecodeError) -> Int {
        let timeout = fetcher.request.stallTimeout
        let outcome = fetcher.state.wait(timeout: timeout) { s -> Result<Int, DecodeError>? in
            if s.received > offset { return .success(min(count, s.received - offset)) }
            if s.finished { return .success(0) }
            if let failure = s.failure { return .failure(DecodeError(path: path, reason: failure)) }
            return nil
        }
        guard let outcome else { throw DecodeError(path: path, reason: "no data for \(Int(timeout)) s") }
        let available = try outcome.get()
        guard available > 0 else { return 0 }
        while true {
            let n = pread(fetcher.spool, buffer, available, off_t(offset))
            if n >= 0 { return n }
            if errno != EINTR { throw DecodeError(path: path, reason: "cannot read the stream's spool: \(errnoDescription(errno))") }
        }
    }
}
