import CrateCore
import CrateFormats
import CrateHTTP
import CratePosix
import Logging
import Synchronization

/// The engine thread: carries out commands, decodes ahead into the ring, watches the
/// writer, and tells observers what changed. Its `var`s belong to that thread alone;
/// other threads see only `mailbox`, `published` (both behind non-RT mutexes) and the
/// writer's atomics. The real-time writer never touches either mutex.
final class PlayerEngine: @unchecked Sendable {
    let logger: Logger
    let output: PlayerOutput
    let ring: PCMRing
    let formats = FormatChangeQueue()
    let control = WriterControl()
    let published: Mutex<PublishedState>
    private let mailbox = Mutex<[CommandSlot]>([])
    private let events = EventRelay()
    /// Asks the router what follows the list, off this thread; its answers wait here.
    let asker = ContinuationAsker()
    let answers = Mutex<[(ContinuationAsker.Question, [String]?)]>([])
    private let sources = Mutex<(@Sendable (String) -> TrackSource?)?>(nil)
    /// For tracks that arrive over HTTP; made on first use.
    private let http = Mutex<HTTPClient?>(nil)
    private let stopped = Atomic<Bool>(false)

    // Engine-thread state.
    var tracks: [TrackStatus] = []
    /// Runs of one track each, in ring-frame order: how the ring timeline maps to tracks.
    var segments: [Segment] = []
    var decoder: (any TrackDecoder)?
    /// A stream opened but not yet arrived far enough to make its decoder.
    var pending: PendingOpen?
    /// ReplayGain for the track being decoded (nil: bit-perfect).
    var gain: GainStage?
    var decodeIndex = 0
    /// Frames of the current decode track written so far, counting from its start.
    var decodedFrames = 0
    var flushPoint = 0
    var mode = WriterControl.RunMode.stopped
    var fatal: String?
    var reported = ReportedState()
    var more = ContinuationState()
    /// A `next` past the last track, answered once the continuation has answered.
    var parkedNext: CommandSlot?
    /// Set by `execute` when the command is answered later (parkedNext).
    var parkCommand = false
    /// The device vanished while playing; cleared when it is back (see OutputRecovery).
    var lost: LostOutput?
    /// A sink the reopen thread opened, waiting for the engine to start a writer on it.
    let reopened = Mutex<(any OutputSink)?>(nil)
    /// A writer runs on a sink: false while the device has never opened.
    var hasWriter = false
    let stateWaiters = StateWaiters()
    var isStopped: Bool { stopped.load(ordering: .acquiring) }

    init(output: PlayerOutput, logger: Logger) {
        self.output = output
        self.logger = logger
        // Sized for 96 kHz: every CD-rate and 96 kHz source gets at least the configured
        // lead; 192 kHz gets half of it (2 MB of RAM at the default 2 s, locked in memory).
        ring = PCMRing(minimumFrames: Int(output.settings.bufferSeconds * 96000))
        var outputStatus = output.status
        if output.sink == nil, output.reopen != nil {
            lost = LostOutput(message: output.status.message ?? "waiting for the DAC", afterOpening: false, resume: nil)
        } else if output.sink == nil {
            fatal = output.status.message
        }
        published = Mutex(PublishedState(output: outputStatus))
        if let sink = output.sink {
            do {
                let started = try startWriter(sink)
                hasWriter = true
                outputStatus.realtime = started.refusal == nil
                outputStatus.realtimeMessage = started.refusal
                if let refusal = started.refusal {
                    logger.warning("audio writer runs without real-time priority: \(refusal)")
                } else {
                    logger.info("audio writer running SCHED_FIFO priority \(output.settings.rtPriority)")
                }
                outputStatus.bufferLocked = ring.lockError == 0
                if ring.lockError != 0 {
                    let note = "audio buffer not locked in memory (mlock: \(errnoDescription(ring.lockError))); "
                        + "raise LimitMEMLOCK so the writer never waits on a page"
                    logger.warning("\(note)")
                    outputStatus.realtimeMessage = [outputStatus.realtimeMessage, note].compactMap { $0 }.joined(separator: "; ")
                }
            } catch {
                logger.error("cannot start the audio writer: \(error)")
                fatal = "cannot start the audio writer: \(error)"
            }
        }
        published.withLock {
            $0.output = outputStatus; $0.fatal = fatal; $0.lost = lost?.message
            $0.lostAfterOpening = lost?.afterOpening ?? false
        }
    }

    /// The writer thread, specialised for the sink's concrete type.
    func startWriter<Sink: OutputSink>(_ sink: Sink) throws(PosixError) -> PosixThread.RealtimeStart {
        let writer = OutputWriter(ring: ring, formats: formats, control: control, device: sink)
        return try PosixThread.spawnRealtime(name: "crate-rt", priority: output.settings.rtPriority) { writer.run() }
    }

    func start() {
        do {
            try events.start()
        } catch {
            logger.critical("cannot start the events thread: \(error)")
            published.withLock { $0.fatal = "cannot start the events thread: \(error)" }
        }
        do {
            try asker.start { [self] question, paths in
                answers.withLock { $0.append((question, paths)) }
                control.engineWake.post()
            }
        } catch {
            logger.critical("cannot start the continuation thread: \(error); albums will not follow each other")
        }
        // A device missing at start is waited for as one lost while playing.
        if lost != nil { startReopening(output.status.device) }
        do {
            _ = try PosixThread.spawn(name: "crate-decode") { [self] in run() }
        } catch {
            logger.critical("cannot start the decoder: \(error)")
            published.withLock { $0.fatal = "cannot start the decoder: \(error)" }
        }
    }

    func setEventHandler(_ handler: @escaping @Sendable (PlayerEvent, String?, PlayerStatus) -> Void) {
        events.setHandler(handler)
    }

    func setContinuation(_ provider: @escaping ContinuationAsker.Provider) {
        asker.setProvider(provider)
    }

    /// Paths the resolver answers for are read from the file it names or streamed over
    /// HTTP; the others are files. Asked when a track is opened, so a copy that finished
    /// downloading in the meantime is used.
    func setTrackResolver(_ resolver: @escaping @Sendable (String) -> TrackSource?) {
        sources.withLock { $0 = resolver }
    }

    /// The bytes of `path`, as the resolver says: a file, or a stream that starts arriving
    /// now (opening it never waits); with the local file, when it is one.
    func openSource(_ path: String) throws(DecodeError) -> (bytes: any ByteSource, file: String?) {
        let bytes: any ByteSource
        var local: String? = path
        switch sources.withLock({ $0 })?(path) {
        case .file(let file)?:
            bytes = try FileByteSource(path: file, displayPath: path)
            local = file
        case .unavailable(let reason)?:
            throw DecodeError(path: path, reason: reason)
        case .stream(let request)?:
            let client = http.withLock { client -> HTTPClient in
                if let client { return client }
                let made = HTTPClient(logger: logger, maxConnections: 2)
                client = made
                return made
            }
            bytes = StreamByteSource(fetcher: try StreamFetcher(request: request, http: client, logger: logger), path: path)
            local = nil
        case nil:
            bytes = try FileByteSource(path: path)
        }
        return (bytes, local)
    }

    /// The ReplayGain stage for a track, when the setting asks for one and the file has tags.
    func gainStage(file: String?, bits: Int) -> GainStage? {
        guard output.settings.replayGain != .off, let file else { return nil }
        do {
            let tags = try FormatRegistry.readMetadata(path: file).tags.replayGain
            return GainStage(mode: output.settings.replayGain, tags: tags, bits: bits)
        } catch {
            logger.warning("replaygain: cannot read the tags of \(file): \(error.reason); playing at unity gain")
            return nil
        }
    }

    /// Whether `path` is resolved elsewhere (not probed ahead: a stream would be fetched twice).
    func isResolved(_ path: String) -> Bool {
        guard let resolver = sources.withLock({ $0 }) else { return false }
        return resolver(path) != nil
    }

    /// Observers hear of it on the events thread: the engine goes back to decoding at once.
    func emit(_ kind: PlayerEvent, _ message: String? = nil) {
        events.send(kind, message, status())
    }

    /// Runs `command` on the engine thread and waits for its answer.
    func perform(_ command: PlayerCommand) throws(PlayerError) {
        guard !stopped.load(ordering: .acquiring) else { throw PlayerError("the player has shut down") }
        let slot = CommandSlot(command)
        mailbox.withLock { $0.append(slot) }
        control.engineWake.post()
        try slot.awaitResult()
    }

    func shutdown() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        control.runMode.store(WriterControl.RunMode.stopped.rawValue, ordering: .releasing)
        control.quit.store(true, ordering: .releasing)
        control.writerWake.post()
        control.engineWake.post()
        events.stop()
        asker.stop()
    }

    private func run() {
        while !stopped.load(ordering: .acquiring) {
            for slot in mailbox.withLock({ box in defer { box.removeAll() }; return box }) {
                if case .ping = slot.command {} else { releaseParkedNext() }
                let outcome = execute(slot.command)
                if parkCommand {
                    parkCommand = false
                    parkedNext = slot
                    continue
                }
                // Publish before answering, so the caller's next status() sees the change.
                publish()
                slot.finish(outcome)
            }
            receiveAnswers()
            observeWriter()
            let busy = decodeAhead { !mailbox.withLock { $0.isEmpty } }
            publish()
            // A stream waiting for data is tried again soon; otherwise sleep until needed.
            let streamWaiting = (decoder?.waiting ?? false) || pending != nil
            if !busy { control.engineWake.wait(seconds: streamWaiting ? 0.02 : nextWakeInterval()) }
        }
    }
}

/// A command waiting for the engine thread, and the answer it gets.
final class CommandSlot: Sendable {
    let command: PlayerCommand
    private let result = Mutex<Result<Void, PlayerError>?>(nil)
    private let done = WakeSignal()

    init(_ command: PlayerCommand) { self.command = command }

    func finish(_ outcome: Result<Void, PlayerError>) {
        result.withLock { $0 = outcome }
        done.post()
    }

    func awaitResult() throws(PlayerError) {
        for _ in 0..<100 {
            if let outcome = result.withLock({ $0 }) { return try outcome.get() }
            done.wait(seconds: 0.1)
        }
        throw PlayerError("the audio engine did not answer within 10 s")
    }
}
