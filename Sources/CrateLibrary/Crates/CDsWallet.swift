/// The "CDs" wallet as a local text list (DESIGN.md): one item per album, resolved to the
/// full album, deduplicated and sorted like a shelf of CDs.
///
/// File format, one item per line:
/// - blank lines are ignored; a line whose first non-blank character is `#` is a comment
///   (only whole lines: "#1 Record" is a real album title, so `#` later in a line is text);
/// - a line starting with `/` is an absolute path to a track file or an album folder;
/// - anything else is `Artist - Album`, split on the *first* " - " so album titles keep
///   theirs ("Wilco - Yankee Hotel Foxtrot - Live"). If a line has no " - ", an em or en
///   dash with spaces (" — ", " – ") is accepted, as copied from a track listing.
public enum CDsWallet {
    public static func parse(_ text: String) -> [WalletItem] {
        var items: [WalletItem] = []
        var number = 0
        // isNewline, not "\n": in Swift "\r\n" is one Character, so a Windows-edited
        // file would otherwise be one long line.
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            number += 1
            var line = trim(Substring(raw))
            if number == 1, line.hasPrefix("\u{FEFF}") { line = trim(line.dropFirst()) }
            if line.isEmpty || line.hasPrefix("#") { continue }
            let text = String(line)
            if line.hasPrefix("/") {
                items.append(WalletItem(line: number, text: text, kind: .path(text)))
            } else if let (artist, album) = splitArtistAlbum(line) {
                items.append(WalletItem(line: number, text: text, kind: .artistAlbum(artist: artist, album: album)))
            } else {
                items.append(WalletItem(line: number, text: text, kind: .unrecognized))
            }
        }
        return items
    }

    /// Resolves items against the library's albums.
    /// - A path matches the album that has it as a track, else the album(s) whose folder
    ///   it is, else, looking up at most two folders (a disc folder, or a track file the
    ///   index does not know, say renamed), the album(s) of the nearest such folder. Not
    ///   further: an artist folder must not resolve to an album stored at the root.
    /// - `Artist - Album` matches by artist sort key (folded, leading The/A/An ignored)
    ///   and folded title; failing that, by both sort keys ("Beatles - White Album").
    /// An item matching several albums (two copies, one folder holding two albums) gives
    /// all of them: the wallet asked for that album, and dropping one would be a guess.
    public static func resolve(_ items: [WalletItem], albums: [WalletAlbum]) -> WalletResult {
        var byTrack: [String: Int] = [:]
        var byFolder: [String: [Int]] = [:]
        var byName: [String: [Int]] = [:]
        var bySortName: [String: [Int]] = [:]
        var sortKeys: [(artist: String, title: String)] = []
        sortKeys.reserveCapacity(albums.count)
        for (index, album) in albums.enumerated() {
            for path in album.trackPaths { byTrack[normalize(path)] = index }
            byFolder[normalize(album.folder), default: []].append(index)
            let artist = SortKey.make(album.artist)
            let title = SortKey.fold(album.title)
            // Only the artist key drops "The/A/An" (DESIGN.md): "A Love Supreme" sorts under A.
            sortKeys.append((artist, title))
            byName[nameKey(artist, title), default: []].append(index)
            bySortName[nameKey(artist, SortKey.make(album.title)), default: []].append(index)
        }

        var chosen = Set<Int>()
        var unresolved: [WalletItem] = []
        var duplicates = 0
        for item in items {
            let found: [Int]
            switch item.kind {
            case .path(let path):
                found = matchPath(normalize(path), byTrack: byTrack, byFolder: byFolder)
            case .artistAlbum(let artist, let album):
                let artistKey = SortKey.make(artist)
                found = byName[nameKey(artistKey, SortKey.fold(album))]
                    ?? bySortName[nameKey(artistKey, SortKey.make(album))] ?? []
            case .unrecognized:
                found = []
            }
            if found.isEmpty {
                unresolved.append(item)
                continue
            }
            var added = false
            for index in found where chosen.insert(index).inserted { added = true }
            if !added { duplicates += 1 }
        }

        let ordered = chosen.sorted { a, b in
            if sortKeys[a].artist != sortKeys[b].artist { return sortKeys[a].artist < sortKeys[b].artist }
            if sortKeys[a].title != sortKeys[b].title { return sortKeys[a].title < sortKeys[b].title }
            return albums[a].id != albums[b].id ? albums[a].id < albums[b].id : a < b
        }
        return WalletResult(albums: ordered.map { albums[$0] }, unresolved: unresolved, duplicates: duplicates)
    }

    private static func matchPath(_ path: String, byTrack: [String: Int], byFolder: [String: [Int]]) -> [Int] {
        if let index = byTrack[path] { return [index] }
        var folder = path
        for _ in 0...2 {
            if let found = byFolder[folder] { return found }
            guard let slash = folder.lastIndex(of: "/"), slash != folder.startIndex else { break }
            folder = String(folder[..<slash])
        }
        return []
    }

    /// A NUL cannot occur in a folded key, so the pair is unambiguous.
    private static func nameKey(_ artist: String, _ title: String) -> String {
        artist + "\u{0}" + title
    }

    private static func splitArtistAlbum(_ line: Substring) -> (String, String)? {
        for separator in [" - ", " — ", " – "] {
            guard let range = line.firstRange(of: separator) else { continue }
            let artist = trim(line[..<range.lowerBound])
            let album = trim(line[range.upperBound...])
            return artist.isEmpty || album.isEmpty ? nil : (String(artist), String(album))
        }
        return nil
    }

    /// Duplicate and trailing slashes removed, so "/music//A/" and "/music/A" meet.
    static func normalize(_ path: String) -> String {
        var out = ""
        out.reserveCapacity(path.utf8.count)
        var lastSlash = false
        for char in path {
            if char == "/" {
                if lastSlash { continue }
                lastSlash = true
            } else {
                lastSlash = false
            }
            out.append(char)
        }
        if out.count > 1, out.hasSuffix("/") { out.removeLast() }
        return out
    }

    private static func trim(_ text: Substring) -> Substring {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
              let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return text[first...last]
    }
}
