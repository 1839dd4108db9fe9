/// Reads a capture as a sequence of runs taken from reference decodes, so a test can say
/// "track 1 from 0, then track 2 from sample 0, then track 1 from 3.0 s" and check that
/// every captured sample belongs to exactly such a run, with nothing inserted or dropped.
struct CaptureMatcher {
    struct Run: Equatable, CustomStringConvertible {
        var reference: Int
        var startFrame: Int
        var frames: Int
        var description: String { "ref \(reference) @\(startFrame) ×\(frames)" }
    }

    let references: [[Int16]]

    /// Frames at a joint that may differ from the reference: a fade applied by pause or resume.
    var rampTolerance = 0

    /// Splits `capture` into runs, where run k must start at `expected[k]` = (reference, frame).
    /// A run ends where the capture stops matching its reference. Returns nil (with a reason)
    /// when some sample fits no expected run.
    func runs(_ capture: [Int16], expected: [(reference: Int, frame: Int)]) -> Result<[Run], MatchFailure> {
        var runs: [Run] = []
        var position = 0  // frame in capture
        let total = capture.count / 2
        for (k, start) in expected.enumerated() {
            let ref = references[start.reference]
            var length = 0
            while position + length < total, start.frame + length < ref.count / 2,
                  matches(capture, position + length, ref, start.frame + length) {
                length += 1
            }
            // A run may by chance continue a few samples into the next one; end it where the
            // next expected run really starts (checked over 64 frames).
            if k + 1 < expected.count {
                let next = expected[k + 1]
                if let cut = (max(1, length - 16)...length).first(where: {
                    startsRun(capture, at: position + $0, references[next.reference], next.frame)
                }) { length = cut }
            }
            if length == 0 {
                return .failure(MatchFailure(reason: "run \(k) (\(start)) does not start at capture frame \(position)", runs: runs))
            }
            runs.append(Run(reference: start.reference, startFrame: start.frame, frames: length))
            position += length
        }
        if position != total {
            return .failure(MatchFailure(reason: "\(total - position) captured frames left after the expected runs (at \(position))", runs: runs))
        }
        return .success(runs)
    }

    private func startsRun(_ capture: [Int16], at i: Int, _ ref: [Int16], _ j: Int) -> Bool {
        let n = min(64, capture.count / 2 - i, ref.count / 2 - j)
        return n > 0 && (0..<n).allSatisfy { matches(capture, i + $0, ref, j + $0) }
    }

    private func matches(_ capture: [Int16], _ i: Int, _ ref: [Int16], _ j: Int) -> Bool {
        capture[2 * i] == ref[2 * j] && capture[2 * i + 1] == ref[2 * j + 1]
    }
}

struct MatchFailure: Error, CustomStringConvertible {
    let reason: String
    let runs: [CaptureMatcher.Run]
    var description: String { "\(reason); matched so far: \(runs)" }
}
