import CrateCore

/// What follows the list: asked of the router on `crate-advance` (ContinuationAsker) once
/// the last track is decoded, seconds before it is heard. The engine does not wait for
/// the answer: it serves commands meanwhile, and opens the first new track when the
/// answer arrives, right behind the last one in the ring (gapless).
struct ContinuationState {
    /// Bumped by every new list: answers about an older one are dropped.
    var generation = 0
    /// The question in flight or last answered.
    var asked: ContinuationAsker.Question?
    /// The answer to `asked` was "nothing".
    var nothingFollows = false
    /// The list is decoded to its end; the answer opens the next track.
    var awaiting = false
    /// Answers in a row whose tracks all failed to open: a continuation that keeps
    /// offering unplayable albums must not go on for ever.
    var fruitlessRounds = 0
    static let roundLimit = 8
}

extension PlayerEngine {
    /// A new list replaces the old one: earlier questions no longer count.
    func newList() {
        more.generation += 1
        more.asked = nil
        more.nothingFollows = false
        more.awaiting = false
        more.fruitlessRounds = 0
    }

    /// Asks what follows the list as it is now, once per list length. True while an
    /// answer is awaited; false when none will come (no provider, or "nothing").
    func askForMore() -> Bool {
        let question = ContinuationAsker.Question(generation: more.generation, listLength: tracks.count)
        if more.asked == question { return !more.nothingFollows }
        guard asker.hasProvider else { return false }
        more.asked = question
        more.nothingFollows = false
        asker.ask(question)
        return true
    }

    /// The list is decoded to its end: wait for the answer, or end the stream.
    func reachedEndOfList() {
        if more.fruitlessRounds < ContinuationState.roundLimit, askForMore() {
            more.awaiting = true
            return
        }
        endOfTracks()
    }

    /// On the engine thread, between commands: the answers that came back.
    func receiveAnswers() {
        for (question, paths) in answers.withLock({ list in defer { list.removeAll() }; return list }) {
            // Stale: the list was replaced, or grew, since it was asked.
            guard question == more.asked, question.listLength == tracks.count else { continue }
            if let paths, !paths.isEmpty {
                tracks += paths.map { TrackStatus(path: $0) }
                more.fruitlessRounds += 1
            } else {
                more.nothingFollows = true
            }
            if more.awaiting {
                more.awaiting = false
                if more.nothingFollows {
                    endOfTracks()
                } else if !openTrack(from: question.listLength, offsetFrames: 0) {
                    reachedEndOfList()
                }
                failIfNothingPlayable()
            }
            if let slot = parkedNext {
                // `next` past the last track, answered now that the answer is known.
                parkedNext = nil
                let outcome: Result<Void, PlayerError>
                if more.nothingFollows {
                    setMode(.stopped)
                    outcome = .success(())
                } else {
                    outcome = begin(at: question.listLength, offsetFrames: 0)
                }
                publish()
                slot.finish(outcome)
            }
        }
    }

    /// A command came in while `next` waited for an answer: that `next` is overtaken.
    func releaseParkedNext() {
        guard let slot = parkedNext else { return }
        parkedNext = nil
        slot.finish(.success(()))
    }
}
