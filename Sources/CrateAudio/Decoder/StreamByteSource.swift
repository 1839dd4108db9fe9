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

    /// Bytes that let any format's decoder open without waiting on the network: its
    /// headers are in the first of them (an MP4 whose moov is at the end waits while the
    /// rest keeps arriving, as a slow server's bytes are waited for).
    static let openLead = 64 * 1024

    /// Enough has arrived to make a decoder, or the stream ended or failed (the decoder's
    /// first read then reports why at once).
    var isReadyToOpen: Bool {
        fetcher.state.withLock { $0.received >= Self.openLead || $0.finished || $0.failure != nil }
    }

    var size: Int? { fetcher.state.withLock { $0.finished ? $0.received : $0.total } }

    func readyBytes(from offset: Int) -> Int {
        fetcher.state.withLock { s in s.finished ? Int.max : max(0, s.received - offset) }
    }

    func read(at offset: Int, into buffer: UnsafeMutableRawPointer, count: Int) throws(DecodeError) -> Int {
        // The wait ends when the bytes arrive, the stream ends or fails, or nothing at all
        // has arrived for the stall timeout: a slow server that keeps delivering is waited
        // for (a moov box at the end of a long MP4), a silent one is not.
        let timeout = fetcher.request.stallTimeout
        var outcome: Result<Int, DecodeError>?
        // Woken by every arrival; the 1 s bound re-checks the stall clock even if none comes.
        while outcome == nil { outcome = fetcher.state.wait(timeout: 1) { s -> Result<Int, DecodeError>? in
            if s.received > offset { return .success(min(count, s.received - offset)) }
            if s.finished { return .success(0) }
            if let failure = s.failure { return .failure(DecodeError(path: path, reason: failure)) }
            if MonotonicClock.now() - s.lastProgress > timeout {
                return .failure(DecodeError(path: path, reason: "no data for \(Int(timeout)) s"))
            }
            return nil
        } }
        let available = try outcome!.get()
        guard available > 0 else { return 0 }
        while true {
            let n = pread(fetcher.spool, buffer, available, off_t(offset))
            if n >= 0 { return n }
            if errno != EINTR { throw DecodeError(path: path, reason: "cannot read the stream's spool: \(errnoDescription(errno))") }
        }
    }
}
