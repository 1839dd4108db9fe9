import Foundation


/// Builds real music folders for library tests: short MP3s made by `lame` from a
/// generated tone, tagged by lame's own ID3 options.
public struct LibraryFixture {
    public let root: String

    /// Length of every generated track.
    public let seconds: Double

    public init(root: String, seconds: Double = 0.3) {
        self.root = root
        self.seconds = seconds
    }

    public struct Track {
        public var file: String
        public var title: String?
        public var artist: String?
        public var album: String?
        public var albumArtist: String?
        public var track: String?
        public var disc: String?
        public var year: Int?
        public var genre: String?
        public var compilation: Bool
        public var musicBrainzAlbumID: String?

        public init(file: String, title: String? = nil, artist: String? = nil, album: String? = nil,
                    albumArtist: String? = nil, track: String? = nil, disc: String? = nil, year: Int? = nil,
                    genre: String? = nil, compilation: Bool = false, musicBrainzAlbumID: String? = nil) {
            self.file = file
            self.title = title
            self.artist = artist
            self.album = album
            self.albumArtist = albumArtist
            self.track = track
            self.disc = disc
            self.year = year
            self.genre = genre
            self.compilation = compilation
            self.musicBrainzAlbumID = musicBrainzAlbumID
        }
    }

    /// A short rising tone, different for every track so no two decodes are alike.
    func tone(_ index: Int) -> [Int16] {
        AudioFixtures.sweep(rate: 44100, seconds: seconds, from: 200 + 37 * Double(index % 50), to: 900)
    }

    /// Writes `tracks` into `folder` (relative to the root), creating folders as needed.
    public func add(_ folder: String, _ tracks: [Track]) throws {
        let dir = root + "/" + folder
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for (index, track) in tracks.enumerated() {
            let raw = dir + "/.tone.raw"
            try AudioFixtures.writeRaw(tone(index + folder.utf8.count), to: raw)
            var args = ["--quiet", "-r", "-s", "44.1", "--bitwidth", "16", "--signed", "--little-endian", "-m", "j",
                        "-b", "96", "--id3v2-utf16"]
            if let v = track.title { args += ["--tt", v] }
            if let v = track.artist { args += ["--ta", v] }
            if let v = track.album { args += ["--tl", v] }
            if let v = track.track { args += ["--tn", v] }
            if let v = track.year { args += ["--ty", String(v)] }
            if let v = track.genre { args += ["--tg", v] }
            if let v = track.albumArtist { args += ["--tv", "TPE2=\(v)"] }
            if let v = track.disc { args += ["--tv", "TPOS=\(v)"] }
            if track.compilation { args += ["--tv", "TCMP=1"] }
            if let v = track.musicBrainzAlbumID { args += ["--tv", "TXXX=MusicBrainz Album Id=\(v)"] }
            if args.count > 13 { args.append("--id3v2-only") }
            try AudioFixtures.run("/usr/bin/lame", args + [raw, dir + "/" + track.file])
            try FileManager.default.removeItem(atPath: raw)
        }
    }

    /// Copies one untagged MP3 into `albums` folders of `tracks` files each (fast bulk).
    public func addUntaggedBulk(albums: Int, tracks: Int, under folder: String) throws {
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let seed = root + "/.seed.mp3"
        try AudioFixtures.encodeMP3(tone(0), rate: 44100, channels: 2, encoding: .cbr(kbps: 96), to: seed)
        for a in 1...albums {
            let dir = "\(root)/\(folder)/Artist \(a) - Album \(a)"
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            for t in 1...tracks {
                try FileManager.default.copyItem(atPath: seed, toPath: "\(dir)/\(t < 10 ? "0" : "")\(t) Song \(t).mp3")
            }
        }
        try FileManager.default.removeItem(atPath: seed)
    }

    public func write(_ bytes: Data, to relative: String) throws {
        let path = root + "/" + relative
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try bytes.write(to: URL(fileURLWithPath: path))
    }
}
