import CrateCore
import CrateLibrary
import Glibc
import Logging

/// The whole path a dial turn takes: signals read from a real SQLite library of
/// `albumCount` albums (one in ten liked, one in five played, some disliked), then the
/// crate generated. Returns min and median milliseconds over `runs`.
func crateFromStore(albumCount: Int, runs: Int) throws -> (min: Double, median: Double) {
    let dir = "/tmp/crate-wall-bench-\(getpid())"
    mkdir(dir, 0o755)
    defer { _ = system("rm -rf '\(dir)'") }
    let store = try LibraryStore.open(directory: dir, logger: Logger(label: "bench"))
    let genres = ["Rock", "Jazz", "Pop", "Electronic/Dance", "Classical/Ambient"]
    var batch: [FileRecord] = []
    for i in 0..<albumCount {
        let artist = "Artist \(i / 7)"
        batch.append(FileRecord(
            path: "/music/\(i)/01.mp3", root: "/music", size: 1000, mtimeNanos: 1, albumKey: "k\(i)", title: "Song",
            artist: artist, albumArtist: nil, albumTitle: "Album \(i)", trackNumber: 1, trackTotal: 1, discNumber: nil,
            discTotal: nil, year: 1960 + i % 60, date: nil, genres: [genres[i % 5]], compilation: false,
            musicBrainzAlbumID: nil, replayGain: nil, artwork: nil, sampleRate: 44100, channels: 2,
            durationFrames: 44100 * 200, exactDuration: true, superGenre: genres[i % 5], subGenre: nil,
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
    var times: [Double] = []
    for run in 0..<runs {
        let start = now()
        let candidates = try CrateSignalSource.candidates(store: store, scope: .all, seed: UInt64(run))
        _ = CrateWall.generate(candidates: candidates, dial: .mixed, size: 24, seed: UInt64(run))
        times.append(now() - start)
    }
    times.sort()
    return (times[0], times[times.count / 2])
}
