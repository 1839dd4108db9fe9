@testable import CrateLibrary
import CrateCore
import CrateFormats
import CrateSQLite
import Glibc
import Logging
import TestSupport
import XCTest

/// A store in a fresh temporary state directory, and records to feed it.
class StoreTestCase: XCTestCase {
    var dir: TemporaryDirectory!
    var stateDir: String { dir.path + "/state" }

    override func setUpWithError() throws {
        dir = try TemporaryDirectory(prefix: "store")
    }

    override func tearDown() {
        dir.remove()
    }

    func openStore() throws -> LibraryStore {
        try LibraryStore.open(directory: stateDir, logger: Logger(label: "store-test"))
    }

    /// A raw connection to one of the store's files, for looking under the hood.
    func rawDatabase(_ file: String) throws -> Database {
        try Database(path: stateDir + "/" + file, flags: Database.readWrite)
    }

    /// Names in the state directory that start with `prefix`.
    func stateFiles(prefix: String) -> [String] {
        guard let directory = opendir(stateDir) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name.hasPrefix(prefix) { names.append(name) }
        }
        return names.sorted()
    }

    /// Overwrites `count` bytes at `offset` of a closed file with `byte`.
    func overwrite(_ path: String, offset: Int, count: Int, with byte: UInt8 = 0xEE) throws {
        let fd = open(path, O_WRONLY)
        XCTAssertGreaterThanOrEqual(fd, 0, "cannot open \(path)")
        defer { close(fd) }
        let bytes = [UInt8](repeating: byte, count: count)
        XCTAssertEqual(pwrite(fd, bytes, count, off_t(offset)), count)
    }

    func fileBytes(_ path: String) -> [UInt8] {
        guard let file = fopen(path, "rb") else { return [] }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&buffer, 1, buffer.count, file)
            if n <= 0 { break }
            bytes += buffer[..<n]
        }
        return bytes
    }
}

/// A FileRecord with plain defaults: the tests name only what they are about.
func track(
    _ path: String, album: String = "key:album", root: String = "/music", title: String? = nil,
    artist: String = "Artist", albumArtist: String? = nil, albumTitle: String = "Album",
    number: Int? = nil, disc: Int? = nil, discTotal: Int? = nil, year: Int? = nil, compilation: Bool = false,
    seconds: Int = 180, rate: Int = 44100, artwork: ArtworkLocation? = nil,
    superGenre: String = "Rock", subGenre: String? = nil, size: Int = 1000, mtime: Int = 1
) -> FileRecord {
    FileRecord(
        path: path, root: root, size: size, mtimeNanos: mtime, albumKey: album,
        title: title ?? String(path.split(separator: "/").last ?? ""), artist: artist, albumArtist: albumArtist,
        albumTitle: albumTitle, trackNumber: number, trackTotal: nil, discNumber: disc, discTotal: discTotal,
        year: year, date: year.map(String.init), genres: [superGenre], compilation: compilation,
        musicBrainzAlbumID: nil, replayGain: nil, artwork: artwork, sampleRate: rate, channels: 2,
        durationFrames: seconds * rate, exactDuration: true, superGenre: superGenre, subGenre: subGenre,
        artistSortKey: SortKey.make(albumArtist ?? artist), albumSortKey: SortKey.make(albumTitle))
}

/// `count` tracks of one album in a folder of its own.
func albumTracks(_ folder: String, key: String, artist: String, title: String, count: Int = 3,
                 superGenre: String = "Rock", subGenre: String? = nil, year: Int? = nil) -> [FileRecord] {
    (1...count).map {
        track("\(folder)/\($0).mp3", album: key, artist: artist, albumTitle: title, number: $0, year: year,
              superGenre: superGenre, subGenre: subGenre)
    }
}
