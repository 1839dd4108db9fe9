import CrateCore
import CrateLibrary

/// The library seen as MPD's database: every track with a URI relative to its library
/// root, and the folders those URIs imply. Built from the store on first use and again
/// after each scan or Plex sync.
struct MPDCatalog: Sendable {
    var songs: [MPDSong] = []
    var byURI: [String: Int] = [:]
    /// Every folder URI, "" being the root, with its direct sub-folders and songs.
    var folders: [String: (folders: [String], songs: [Int])] = [:]
    var albums: [Int64: [Int]] = [:]
    var albumOrder: [Int64] = []
    /// Albums on a local drive that was reachable when the catalog was built: queueing one
    /// needs no further look at the database. (Rebuilt after every scan and sync.)
    var localOnline: Set<Int64> = []

    init() {}

    init(library: Library, roots: [String]) throws {
        for summary in try library.store.albums() {
            guard let detail = try library.store.album(id: summary.id) else { continue }
            albumOrder.append(summary.id)
            if detail.album.online, !detail.tracks.contains(where: { TrackLocation.isPlex($0.path) }) {
                localOnline.insert(summary.id)
            }
            for (index, track) in detail.tracks.enumerated() {
                let song = MPDSong(album: detail.album, track: track, index: index,
                                   uri: Self.uri(for: track.path, roots: roots))
                guard byURI[song.uri] == nil else { continue }
                byURI[song.uri] = songs.count
                albums[summary.id, default: []].append(songs.count)
                songs.append(song)
            }
        }
        folders[""] = ([], [])
        for (index, song) in songs.enumerated() {
            var parent = Self.parent(of: song.uri)
            folders[parent, default: ([], [])].songs.append(index)
            while !parent.isEmpty {
                let above = Self.parent(of: parent)
                if folders[parent] == nil { folders[parent] = ([], []) }
                if !folders[above, default: ([], [])].folders.contains(parent) {
                    folders[above, default: ([], [])].folders.append(parent)
                }
                parent = above
            }
        }
        for key in folders.keys {
            folders[key]!.folders.sort()
            folders[key]!.songs.sort { songs[$0].uri < songs[$1].uri }
        }
    }

    /// The stable URI of a track: its path under the library root holding it (a root's
    /// name leads when there are several); Plex tracks keep their library path.
    static func uri(for path: String, roots: [String]) -> String {
        for root in roots {
            let base = root.hasSuffix("/") ? String(root.dropLast()) : root
            if path.hasPrefix(base + "/") {
                let relative = String(path.dropFirst(base.count + 1))
                return roots.count == 1 ? relative : lastComponent(base) + "/" + relative
            }
        }
        return path.hasPrefix("/") ? String(path.dropFirst()) : path
    }

    /// Where a folder URI is on disk (the inverse of `uri(for:roots:)`).
    func folderPath(_ uri: String, roots: [String]) -> String {
        let bases = roots.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        if bases.count == 1 { return bases[0] + "/" + uri }
        let first = uri.split(separator: "/", maxSplits: 1).first.map(String.init) ?? uri
        guard let base = bases.first(where: { Self.lastComponent($0) == first }) else { return "/" + uri }
        return base + uri.dropFirst(first.count)
    }

    static func parent(of uri: String) -> String {
        guard let slash = uri.lastIndex(of: "/") else { return "" }
        return String(uri[..<slash])
    }

    static func lastComponent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// The songs a URI names: one song, or every song under a folder ("" = all).
    func songs(under uri: String) -> [Int]? {
        let trimmed = uri.hasSuffix("/") ? String(uri.dropLast()) : uri
        if let index = byURI[trimmed] { return [index] }
        if trimmed.isEmpty { return Array(songs.indices).sorted { songs[$0].uri < songs[$1].uri } }
        guard folders[trimmed] != nil else { return nil }
        // The folder's subtree only: a phone adding one album must not cost a pass over
        // the whole library.
        var found: [Int] = [], waiting = [trimmed]
        while let folder = waiting.popLast(), let entry = folders[folder] {
            found += entry.songs
            waiting += entry.folders
        }
        return found.sorted { songs[$0].uri < songs[$1].uri }
    }

    /// Albums of `indices` in the order first met, each once.
    func albumIDs(of indices: [Int]) -> [Int64] {
        var seen = Set<Int64>(), ordered: [Int64] = []
        for index in indices where seen.insert(songs[index].albumID).inserted { ordered.append(songs[index].albumID) }
        return ordered
    }
}
