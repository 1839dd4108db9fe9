import CMPG123
import CratePosix
import CrateHTTP
import Glibc
import Logging

/// Decodes an MP3 as it arrives over HTTP, with libmpg123 in feed mode: bytes are fed as
/// the fetcher delivers them, and when libmpg123 needs more than has arrived the read
/// returns nothing with `waiting` set — the engine keeps serving commands and tries again
/// (the writer meanwhile reports buffering). Given the file's size, libmpg123 trims the
/// encoder padding at the end, so streamed tracks join as gaplessly as files.
final class StreamingMP3Decoder: TrackDecoder {
    let path: String
    let sampleRate: Int
    let sourceChannels: Int
    let totalFrames: Int
    let lengthIsExact: Bool
    private(set) var waiting = false
    private let handle: OpaquePointer
    private let fetcher: StreamFetcher
    private let stallTimeout: Double

    /// Opens the stream and waits (up to the stall timeout) until its format is known.
    init(path: String, request: StreamRequest, http: HTTPClient, logger: Logger) throws(DecodeError) {
        self.path = path
        stallTimeout = request.stallTimeout
        let mh = try MPG123Handle.make(path: path)
        guard mpg123_open_feed(mh) == MPG123_OK.rawValue else {
            mpg123_delete(mh)
            throw DecodeError(path: path, reason: "cannot open a stream decoder")
        }
        handle = mh
        fetcher = try StreamFetcher(request: request, http: http, logger: logger)
        var rate = 0
        var channels: Int32 = 0
        var encoding: Int32 = 0
        var sizeSet = false
        while true {
            let (bytes, more, failure, silent) = fetcher.take()
            if !sizeSet, let total = fetcher.state.withLock({ $0.total }) {
                mpg123_set_filesize(mh, off_t(total))
                sizeSet = true
            }
            if !bytes.isEmpty { _ = bytes.withUnsafeBufferPointer { mpg123_feed(mh, $0.baseAddress, $0.count) } }
            if mpg123_getformat(mh, &rate, &channels, &encoding) == MPG123_OK.rawValue, rate > 0 { break }
            if let failure { fetcher.stop(); mpg123_delete(mh); throw DecodeError(path: path, reason: failure) }
            if !more && bytes.isEmpty {
                fetcher.stop(); mpg123_delete(mh)
                throw DecodeError(path: path, reason: "not a playable MP3 stream")
            }
            if silent > request.stallTimeout {
                fetcher.stop(); mpg123_delete(mh)
                throw DecodeError(path: path, reason: "no data for \(Int(request.stallTimeout)) s")
            }
            if bytes.isEmpty { _ = fetcher.state.wait(timeout: 0.02) { s -> Bool? in s.pending.isEmpty ? nil : true } }
        }
        sampleRate = rate
        (sourceChannels, lengthIsExact) = MPG123Handle.describe(mh)
        totalFrames = max(0, Int(mpg123_length(mh)))
    }

    deinit {
        fetcher.stop()
        mpg123_delete(handle)
    }

    func read(into buffer: UnsafeMutablePointer<Int16>, maxFrames: Int) throws(DecodeError) -> Int {
        waiting = false
        while true {
            switch try MPG123Handle.read(handle, into: buffer, maxFrames: maxFrames, sampleRate: sampleRate, path: path) {
            case .frames(let frames): return frames
            case .done: return 0
            case .needMore:
                let (bytes, more, failure, silent) = fetcher.take()
                if !bytes.isEmpty {
                    _ = bytes.withUnsafeBufferPointer { mpg123_feed(handle, $0.baseAddress, $0.count) }
                    continue
                }
                if let failure { throw DecodeError(path: path, reason: failure) }
                if !more { return 0 }  // everything arrived and was decoded
                if silent > stallTimeout { throw DecodeError(path: path, reason: "no data for \(Int(stallTimeout)) s") }
                waiting = true
                return 0
            }
        }
    }

    /// Forward only, by decoding and dropping frames (a resumed position inside a stream).
    func seek(toFrame frame: Int) throws(DecodeError) {
        var skipped = 0
        let scratch = UnsafeMutablePointer<Int16>.allocate(capacity: 4096 * 2)
        defer { scratch.deallocate() }
        let deadline = MonotonicClock.now() + stallTimeout
        while skipped < frame {
            let got = try read(into: scratch, maxFrames: min(4096, frame - skipped))
            if got == 0 {
                guard waiting, MonotonicClock.now() < deadline else { return }
                usleep(10_000)
            }
            skipped += got
        }
    }
}
