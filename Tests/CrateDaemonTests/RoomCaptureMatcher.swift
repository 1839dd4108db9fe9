/// Finds a whole album in a room's capture: where it starts, then frame by frame to its
/// end, following the slips of a few frames that snapclient makes when it corrects its
/// clock drift (a frame dropped or played twice). Anything else — a frame that is in
/// neither place, a longer gap, a missing end — is a failure with its position.
struct RoomCaptureMatcher<Sample: FixedWidthInteger> {
    struct Slip: CustomStringConvertible {
        /// Album frame where the capture slipped, and by how many frames (+ skipped, − repeated).
        var albumFrame: Int
        var frames: Int
        var description: String { "\(frames > 0 ? "+" : "")\(frames) at album frame \(albumFrame)" }
    }

    struct Match {
        /// Capture frame holding the album's first frame.
        var start: Int
        var slips: [Slip]
    }

    static var maxSlip: Int { 8 }
    static var window: Int { 32 }

    let album: [Sample]

    func match(_ capture: [Sample]) -> Result<Match, MatchFailure> {
        let albumFrames = album.count / 2, captureFrames = capture.count / 2
        guard let firstSound = (0..<albumFrames).first(where: { album[2 * $0] != 0 }) else {
            return .failure(MatchFailure(reason: "the album is silent", runs: []))
        }
        // The first place where the album's first sound and the 256 frames after it are heard.
        guard let heard = (0..<captureFrames).first(where: {
            frameEqual(capture, $0, firstSound) && equal(capture, $0, firstSound, count: 256)
        }) else {
            return .failure(MatchFailure(reason: "the album's start is not in the capture", runs: []))
        }
        let start = heard - firstSound
        guard start >= 0 else { return .failure(MatchFailure(reason: "the capture starts after the album did", runs: [])) }
        var i = start, j = 0
        var slips: [Slip] = []
        while j < albumFrames {
            if i < captureFrames, frameEqual(capture, i, j) {
                i += 1
                j += 1
                continue
            }
            let slip = findSlip(capture, i, j, albumFrames: albumFrames)
            guard let slip else {
                let seconds = Double(j) / 44100
                return .failure(MatchFailure(reason: "capture frame \(i) is not album frame \(j) (~\(seconds) s at 44.1 kHz) "
                                             + "nor a few frames either side; slips so far: \(slips)", runs: []))
            }
            slips.append(Slip(albumFrame: j, frames: slip))
            if slip > 0 { j += slip } else { i -= slip }
        }
        return .success(Match(start: start, slips: slips))
    }

    /// The slip of a few frames after which capture frame `i` goes on as the album does.
    private func findSlip(_ capture: [Sample], _ i: Int, _ j: Int, albumFrames: Int) -> Int? {
        let count = min(Self.window, albumFrames - j)
        for size in 1...Self.maxSlip {
            // Skipped: the capture goes on `size` album frames later.
            if j + size < albumFrames, equal(capture, i, j + size, count: min(count, albumFrames - j - size)) { return size }
            // Repeated: `size` frames in the capture that the album does not have.
            if equal(capture, i + size, j, count: count) { return -size }
        }
        return nil
    }

    private func frameEqual(_ capture: [Sample], _ i: Int, _ j: Int) -> Bool {
        capture[2 * i] == album[2 * j] && capture[2 * i + 1] == album[2 * j + 1]
    }

    private func equal(_ capture: [Sample], _ i: Int, _ j: Int, count: Int) -> Bool {
        guard count > 0, i >= 0, j >= 0, i + count <= capture.count / 2, j + count <= album.count / 2 else { return false }
        return (0..<count).allSatisfy { frameEqual(capture, i + $0, j + $0) }
    }
}
