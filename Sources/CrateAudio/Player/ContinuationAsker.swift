import CratePosix
import Synchronization

/// Asks what follows the list on a thread of its own (`crate-advance`), so the engine
/// never waits while the router works it out (a SQLite read, a file check): the engine
/// posts a question and goes on serving commands; the answer comes back through its
/// mailbox. Not the events thread: an observer busy writing history must not delay the
/// next album's first track.
final class ContinuationAsker: Sendable {
    /// The question: which list (the engine's generation), and how long it was then, so
    /// an answer that arrives after the list changed is recognised and dropped.
    struct Question: Sendable, Equatable {
        var generation: Int
        var listLength: Int
    }

    typealias Provider = @Sendable (_ listLength: Int) -> [String]?
    typealias Answer = @Sendable (Question, [String]?) -> Void

    private let provider = Mutex<Provider?>(nil)
    private let question = Mutex<Question?>(nil)
    private let wake = WakeSignal()
    private let stopped = Atomic<Bool>(false)
    private let exit = ThreadExit()

    func setProvider(_ provider: @escaping Provider) { self.provider.withLock { $0 = provider } }

    var hasProvider: Bool { provider.withLock { $0 != nil } }

    func start(answer: @escaping Answer) throws(PosixError) {
        _ = try PosixThread.spawn(name: "crate-advance") { [self] in
            while !stopped.load(ordering: .acquiring) {
                guard let asked = question.withLock({ q in defer { q = nil }; return q }) else {
                    wake.wait(seconds: 1)
                    continue
                }
                let tracks = provider.withLock { $0 }?(asked.listLength)
                answer(asked, tracks)
            }
            exit.mark()
        }
    }

    /// From the engine thread: never waits. A newer question replaces one not yet taken.
    func ask(_ asked: Question) {
        question.withLock { $0 = asked }
        wake.post()
    }

    /// Returns once a question in hand is answered (at most 3 s): the provider reads the
    /// library, which is closed next.
    func stop() {
        stopped.store(true, ordering: .releasing)
        wake.post()
        exit.await(seconds: 3)
    }
}
