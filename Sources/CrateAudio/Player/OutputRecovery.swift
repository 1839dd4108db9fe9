import CrateCore
import CratePosix
import Glibc

/// A device that fails while playing — a USB DAC pulled out, its cable knocked — is
/// waited for, not given up on: playback holds paused where the sound stopped, a thread
/// of its own reopens the device with the same settings, and once it answers a fresh
/// writer starts and the album is loaded again, paused at that point. A configured device
/// missing at start (a DAC switched on after the box) is waited for the same way, from
/// the start, with nothing to resume.
struct LostOutput {
    struct Resume {
        var paths: [String]
        var index: Int
        var seconds: Double
    }

    /// What `status` and the display say meanwhile.
    var message: String
    /// The device failed while open (a DAC unplugged), rather than missing since the start.
    var afterOpening: Bool
    /// Where to pick up; nil when nothing was loaded or it was stopped meanwhile.
    var resume: Resume?
}

extension PlayerEngine {
    /// First and longest wait between attempts to reopen: a replugged DAC is back within
    /// about a second, and a missing one costs one failed open every two seconds.
    static let reopenDelays = (first: 0.25, longest: 2.0)

    /// The writer ended on a write error (`code`): note where the sound stopped, hold there
    /// and start waiting for the device.
    func outputLost(_ code: Int) {
        let device = output.status.device
        var resume: LostOutput.Resume?
        if let segment = currentSegment(), !segment.isPlaceholder {
            resume = .init(paths: tracks.map(\.path), index: segment.trackIndex,
                           seconds: segment.seconds(at: heardFrame(flushPoint: flushPoint)))
        }
        let message = "output lost — waiting for the DAC ('\(device)' failed: \(alsaErrorString(code)))"
        lost = LostOutput(message: message, afterOpening: true, resume: resume)
        let at = resume.map { "track \($0.index + 1) at \(formatSeconds($0.seconds))" }
        logger.error("\(message); \(at.map { "will resume paused at \($0)" } ?? "nothing was playing")")
        decoder = nil
        pending = nil
        if mode == .playing { setMode(.paused) }
        emit(.output, message)
        startReopening(device)
    }

    /// Commands while the device is away: stop forgets the place, pause is already so,
    /// anything that needs sound says why it cannot.
    func lostCommand(_ command: PlayerCommand, _ lost: LostOutput) -> Result<Void, PlayerError> {
        switch command {
        case .stop:
            self.lost?.resume = nil
            segments.removeAll()
            setMode(.stopped)
            return .success(())
        case .pause, .ping:
            return .success(())
        case .play(let paths, let index, let seconds, paused: true) where !paths.isEmpty:
            // A queue restored at boot: loaded, paused there, once the device answers.
            self.lost?.resume = .init(paths: paths, index: index, seconds: seconds)
            logger.info("the device is away: track \(index + 1) at \(formatSeconds(seconds)) is loaded, paused, when it is back")
            return .success(())
        default:
            return .failure(PlayerError(lost.message))
        }
    }

    /// Tries the device again and again, backing off, on its own thread: an open can take
    /// its time and must not hold up the engine's commands.
    func startReopening(_ device: String) {
        guard let reopen = output.reopen else { return }
        let logger = logger
        do {
            _ = try PosixThread.spawn(name: "crate-reopen") { [self] in
                var delay = Self.reopenDelays.first
                var attempts = 0
                while !isStopped {
                    attempts += 1
                    do throws(AudioError) {
                        let sink = try reopen()
                        reopened.withLock { $0 = sink }
                        control.engineWake.post()
                        logger.notice("audio device '\(device)' is back after \(attempts) attempt\(attempts == 1 ? "" : "s")")
                        return
                    } catch {
                        // Said at the first try and then about once a minute, not every two seconds.
                        if attempts == 1 || attempts % 30 == 0 {
                            logger.info("still waiting for audio device '\(device)': \(error.userMessage)")
                        }
                    }
                    var slept = 0.0
                    while slept < delay && !isStopped {
                        usleep(50_000)
                        slept += 0.05
                    }
                    delay = min(delay * 2, Self.reopenDelays.longest)
                }
            }
        } catch {
            let message = "cannot wait for audio device '\(device)': \(error)"
            logger.error("\(message)")
            fatal = message
            lost = nil
            setMode(.stopped)
        }
    }

    /// On the engine thread: a reopened device gets a fresh writer, and what was playing
    /// is loaded again, paused where the sound stopped.
    func adoptReopenedSink() {
        guard let lost, let sink = reopened.withLock({ box in defer { box = nil }; return box }) else { return }
        // The old writer ended at its failure; the new one starts from a clean slate.
        control.deviceError.store(0, ordering: .relaxed)
        control.deviceLost.store(false, ordering: .relaxed)
        control.deviceRate.store(0, ordering: .relaxed)
        control.pausedAck.store(false, ordering: .relaxed)
        control.flushAck.store(control.flushRequest.load(ordering: .relaxed), ordering: .releasing)
        let device = output.status.device
        do {
            let started = try startWriter(sink)
            hasWriter = true
            published.withLock {
                $0.output.realtime = started.refusal == nil
                $0.output.realtimeMessage = started.refusal
                $0.output.message = nil  // said while it was missing at start
            }
            if let refusal = started.refusal { logger.warning("audio writer runs without real-time priority: \(refusal)") }
        } catch {
            let message = "cannot start the audio writer for '\(device)': \(error)"
            logger.error("\(message)")
            self.lost = nil
            fatal = message
            setMode(.stopped)
            return
        }
        self.lost = nil
        guard let resume = lost.resume else {
            emit(.output, "audio device '\(device)' is back")
            return
        }
        switch execute(.play(paths: resume.paths, startIndex: resume.index, startSeconds: resume.seconds, paused: true)) {
        case .success:
            let at = "track \(resume.index + 1) at \(formatSeconds(resume.seconds))"
            logger.notice("audio device '\(device)' is back; paused at \(at)")
            emit(.output, "audio device '\(device)' is back; paused at \(at)")
        case .failure(let error):
            logger.error("audio device '\(device)' is back, but the album cannot be loaded again: \(error)")
            emit(.output, "audio device '\(device)' is back; \(error)")
        }
    }
}
