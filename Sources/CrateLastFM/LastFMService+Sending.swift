import CrateCore
import CratePosix
import Glibc

/// The `crate-lastfm` thread: sends the latest now-playing, then the queue oldest first
/// in batches of 50. A temporary failure (no network, Last.fm's 11, 16, 29, garbage)
/// keeps everything and tries again after a backoff of 1 s doubling to 5 minutes, or
/// when a new scrobble is queued; an invalid session (9) stops sending until the next
/// sign-in and is said in the status.
extension LastFMService {
    enum Work {
        case nowPlaying(LastFMTrack, key: String)
        case push(key: String)
        case stop
    }

    public func start() throws(PosixError) {
        _ = try PosixThread.spawn(name: "crate-lastfm") { [self] in
            while true {
                let retryIn = state.withLock { s in s.retryAt.map { max(0, $0 - MonotonicClock.now()) } }
                let work = state.wait(timeout: retryIn ?? 60) { s -> Work? in
                    if s.stopping { return .stop }
                    guard let key = s.sessionKey, !s.invalid else { s.nowPlaying = nil; return nil }
                    if let track = s.nowPlaying {
                        s.nowPlaying = nil
                        return .nowPlaying(track, key: key)
                    }
                    let due = s.retryAt.map { $0 <= MonotonicClock.now() } ?? false
                    guard s.wake || due else { return nil }
                    s.wake = false
                    s.retryAt = nil
                    return .push(key: key)
                }
                switch work {
                case .stop: return
                case .nowPlaying(let track, let key): sendNowPlaying(track, key)
                case .push(let key): pushQueued(key)
                case nil: continue
                }
            }
        }
    }

    private func sendNowPlaying(_ track: LastFMTrack, _ key: String) {
        do throws(LastFMError) {
            try client.updateNowPlaying(track, sessionKey: key)
            logger.debug("lastfm: now playing \(track.artist) – \(track.track)")
        } catch {
            logger.info("lastfm: now playing \(track.artist) – \(track.track) not sent: \(error)")
            if error.isInvalidSession { sessionRefused(error) }
        }
    }

    /// Sends batches until the queue is empty or a call fails.
    func pushQueued(_ key: String) {
        while true {
            let batch: [(id: Int64, track: LastFMTrack)]
            do { batch = try queue.oldest(Self.batchSize) } catch {
                logger.error("lastfm: cannot read the scrobble queue: \(error)")
                state.withLock { $0.lastError = "cannot read the scrobble queue: \(error)" }
                return
            }
            guard !batch.isEmpty else { return }
            let ids = batch.map(\.id)
            do throws(LastFMError) {
                let result = try client.scrobble(batch.map(\.track), sessionKey: key)
                finish(ids)
                logger.info("lastfm: \(result.accepted) scrobble(s) accepted, \(result.ignored) ignored")
                state.withLock { s in
                    s.sent += result.accepted
                    s.lastError = result.ignored > 0 ? "Last.fm ignored \(result.ignored) scrobble(s) (its filters)" : nil
                    s.backoff = Self.firstBackoff
                }
            } catch {
                noteFailure(ids, error)
                if error.isInvalidSession {
                    sessionRefused(error)
                } else if error.isTemporary || error.isKeyProblem {
                    let pause = state.withLock { s -> Double in
                        let pause = error.isKeyProblem ? Self.maxBackoff : s.backoff
                        s.backoff = min(s.backoff * 2, Self.maxBackoff)
                        s.retryAt = MonotonicClock.now() + pause
                        s.lastError = "\(batch.count) scrobble(s) wait: \(error)"
                        return pause
                    }
                    logger.warning("lastfm: \(batch.count) scrobble(s) kept, next try in \(Int(pause.rounded(.up))) s: \(error)")
                } else {
                    // Refused for what they are (bad parameters): sending them again will not help.
                    logger.error("lastfm: \(batch.count) scrobble(s) refused and dropped: \(error)")
                    state.withLock { $0.lastError = "\(batch.count) scrobble(s) refused and dropped: \(error)" }
                    finish(ids)
                    continue
                }
                return
            }
        }
    }

    /// Removes sent (or refused) scrobbles; when that fails they are sent again later,
    /// and Last.fm drops the duplicates (same track and timestamp).
    private func finish(_ ids: [Int64]) {
        do { try queue.remove(ids) } catch {
            logger.error("lastfm: \(ids.count) scrobble(s) sent but still queued: \(error)")
        }
    }

    private func noteFailure(_ ids: [Int64], _ error: LastFMError) {
        do { try queue.noteFailure(ids, "\(error)") } catch {
            logger.error("lastfm: cannot note a failed send in the queue: \(error)")
        }
    }

    private func sessionRefused(_ error: LastFMError) {
        logger.error("lastfm: the session was refused (\(error)); sign in again with crate-admin lastfm login")
        state.withLock { s in
            s.invalid = true
            s.lastError = "the session was refused (\(error)); sign in again with crate-admin lastfm login"
        }
    }
}
