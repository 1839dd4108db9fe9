// crate-wall-bench: how long CrateWall.generate takes on a big library.
//
//   crate-wall-bench [RUNS]
//
// 20,000 albums; every signal proposes all 20,000 ids (each its own shuffled order, so
// the lists overlap completely: the worst case for deduplication), 1,000 of them
// disliked. For a few crate sizes (a normal crate, a large one, the whole library, which
// exhausts every list and exercises redistribution), generate RUNS crates (default 100,
// a new seed each) and print min and median milliseconds. Then the whole path from a real
// SQLite library with the server's history (FromStore.swift): the Wall, a genre and a
// sub-genre crate with their own six signals. Target: < 20 ms per crate in a release build.
import CrateLibrary
import Glibc

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) * 1e3 + Double(ts.tv_nsec) / 1e6
}

/// Fisher–Yates with an inline SplitMix64, so the data is the same on every run.
func shuffled(_ ids: [Int64], seed: UInt64) -> [Int64] {
    var state = seed
    func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    var out = ids
    for i in stride(from: out.count - 1, to: 0, by: -1) {
        out.swapAt(i, Int(next() % UInt64(i + 1)))
    }
    return out
}

let runs = CommandLine.arguments.count > 1 ? max(1, Int(CommandLine.arguments[1]) ?? 100) : 100
let albumCount = 20_000
let ids = (1...Int64(albumCount)).map { $0 }
var lists: [CrateSignal: [Int64]] = [:]
for (n, signal) in CrateSignal.wall.enumerated() {
    lists[signal] = shuffled(ids, seed: UInt64(n + 1))
}
let candidates = CrateCandidates(lists: lists, excluded: Set(shuffled(ids, seed: 99).prefix(1_000)))

for size in [60, 1_000, albumCount] {
    for dial in [DialPosition.myCrate, .mystery] {
        var times: [Double] = []
        var filled = 0
        for run in 0..<runs {
            let start = now()
            let result = CrateWall.generate(candidates: candidates, dial: dial, size: size, seed: UInt64(run))
            times.append(now() - start)
            filled = result.entries.count
        }
        times.sort()
        let line = "size \(size) \(dial.rawValue): \(filled) albums, min "
            + "\((times[0] * 1000).rounded() / 1000) ms, median \((times[times.count / 2] * 1000).rounded() / 1000) ms"
        print(line)
    }
}

// The same from a real library: signals (the server's history merged in) from SQLite,
// then the crate; the Wall and genre crates with their own blend.
do {
    for (name, time) in try cratesFromStore(albumCount: albumCount, runs: max(5, runs / 10)) {
        print("from SQLite, \(albumCount) albums with Plex history, \(name): min "
              + "\((time.min * 1000).rounded() / 1000) ms, median \((time.median * 1000).rounded() / 1000) ms")
    }
} catch {
    print("from SQLite: failed: \(error)")
}
