import CrateCore
import CrateLibrary
import Glibc
import Logging

/// A real SQLite library of `albumCount` albums in five genres (Jazz and Rock with four
/// sub-genres each), one in ten liked, one in five played on the box, some disliked; and,
/// as a Plex sync would store it, the server's history of every album: one in three
/// played there (up to 50 times), one in seven rated, every one with an added date.
func benchStore(albumCount: Int, dir: String) throws -> LibraryStore {
    let store = try LibraryStore.open(directory: dir, logger: Logger(label: "bench"))
    let genres = ["Rock", "Jazz", "Pop", "Electronic/Dance", "Classical/Ambient"]
    let subGenres = ["Rock": ["Hard Rock", "Punk", "Indie Rock", "Prog Rock"],
                     "Jazz": ["Bebop", "Cool Jazz", "Hard Bop", "Modal Jazz"]]
    var batch: [FileRecord] = []
    for i in 0..<albumCount {
        let artist = "Artist \(i / 7)"
        let genre = genres[i % 5]
        let sub = subGenres[genre].map { $0[(i / 5) % 4] }
        batch.append(FileRecord(
            path: "/music/\(i)/01.mp3", root: "/music", size: 1000, mtimeNanos: (1_500_000_000 + i) * 1_000_000_000,
            albumKey: "k\(i)", title: "Song", artist: artist, albumArtist: nil, albumTitle: "Album \(i)", trackNumber: 1,
            trackTotal: 1, discNumber: nil, discTotal: nil, year: 1960 + i % 60, date: nil, genres: [genre],
            compilation: false, musicBrainzAlbumID: nil, replayGain: nil, artwork: nil, sampleRate: 44100, channels: 2,
            durationFrames: 44100 * 200, exactDuration: true, superGenre: genre, subGenre: sub,
            artistSortKey: artist.lowercased(), albumSortKey: "album \(i)"))
        if batch.count == 1000 {
            try store.apply(upserts: batch, deletions: [], isKnown: { _ in false })
            batch.removeAll(keepingCapacity: true)
        }
    }
    try store.apply(upserts: batch, deletions: [], isKnown: { _ in false })
    for i in stride(from: 0, to: albumCount, by: 5) {
        try store.recordPlay(albumKey: "k\(i)", completed: i % 10 == 0, at: Double(1_700_000_000 + i))
        if i % 10 == 0 { try store.setOpinion(.liked, albumKey: "k\(i)") }
        if i % 97 == 0 { try store.setOpinion(.disliked, albumKey: "k\(i + 1)") }
    }
    try store.replaceRemoteAlbumStats(server: "bench", (0..<albumCount).map { i in
        RemoteAlbumStats(albumKey: "k\(i)", viewCount: i % 3 == 0 ? i % 50 + 1 : 0,
                       lastViewedAt: i % 3 == 0 ? Double(1_690_000_000 + i * 60) : nil,
                       userRating: i % 7 == 0 ? Double(i % 11) : nil, addedAt: Double(1_400_000_000 + i * 3_600))
    })
    return store
}

/// Min and median milliseconds of `runs` calls of `body` (given the run number as a seed).
func timed(runs: Int, _ body: (UInt64) throws -> Void) rethrows -> (min: Double, median: Double) {
    var times: [Double] = []
    for run in 0..<runs {
        let start = now()
        try body(UInt64(run))
        times.append(now() - start)
    }
    times.sort()
    return (times[0], times[times.count / 2])
}

/// The whole path of a dial turn over that library: rows (cached between turns), the
/// signals with the server's history merged in, the crate. The Wall, then a super-genre
/// and a sub-genre crate with their own six signals.
func cratesFromStore(albumCount: Int, runs: Int) throws -> [(String, (min: Double, median: Double))] {
    let dir = "/tmp/crate-wall-bench-\(getpid())"
    mkdir(dir, 0o755)
    defer { _ = system("rm -rf '\(dir)'") }
    let store = try benchStore(albumCount: albumCount, dir: dir)
    let wall = try timed(runs: runs) { seed in
        let candidates = try CrateSignalSource.candidates(store: store, scope: .all, seed: seed)
        _ = CrateWall.generate(candidates: candidates, dial: .mixed, size: 24, seed: seed)
    }
    let jazz = try timed(runs: runs) { seed in
        let candidates = try CrateSignalSource.candidates(store: store, scope: .superGenre("Jazz"), seed: seed)
        _ = CrateWall.generateGenre(candidates: candidates, dial: .mixed, size: 24, seed: seed)
    }
    let bebop = try timed(runs: runs) { seed in
        let candidates = try CrateSignalSource.candidates(store: store, scope: .subGenre("Bebop"), seed: seed)
        _ = CrateWall.generateGenre(candidates: candidates, dial: .deepDig, size: 24, seed: seed)
    }
    // The first turn after a like: the rows are read again.
    let afterChange = try timed(runs: max(3, runs / 4)) { seed in
        try store.setOpinion(seed % 2 == 0 ? .liked : .none, albumKey: "k3")
        let candidates = try CrateSignalSource.candidates(store: store, scope: .superGenre("Jazz"), seed: seed)
        _ = CrateWall.generateGenre(candidates: candidates, dial: .mixed, size: 24, seed: seed)
    }
    // The first turn after a sync or a scan: the cache changed, every album is read again.
    let afterSync = try timed(runs: max(3, runs / 4)) { seed in
        try store.replaceRemoteAlbumStats(server: "bench-2", [RemoteAlbumStats(
            albumKey: "k\(albumCount + 1)", viewCount: Int(seed), lastViewedAt: nil, userRating: nil, addedAt: nil)])
        let candidates = try CrateSignalSource.candidates(store: store, scope: .superGenre("Jazz"), seed: seed)
        _ = CrateWall.generateGenre(candidates: candidates, dial: .mixed, size: 24, seed: seed)
    }
    return [("Wall, size 24 mixed", wall), ("genre Jazz (4,000 albums), size 24 mixed", jazz),
            ("sub-genre Bebop (1,000 albums), size 24 deep-dig", bebop),
            ("genre Jazz, first turn after a like (the user's rows read again)", afterChange),
            ("genre Jazz, first turn after a sync (every album read again)", afterSync)]
}
