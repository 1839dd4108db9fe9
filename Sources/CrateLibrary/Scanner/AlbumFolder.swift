/// Where an album lives on disk and what its folders say when its tags say nothing.
enum AlbumFolder {
    /// The album's folder for a file's directory: a disc subfolder ("CD1", "Disc 2",
    /// "disk3") belongs to its parent, so a multi-disc set is one album.
    static func of(directory: String) -> String {
        discNumber(ofFolder: lastComponent(directory)) == nil ? directory : parent(directory)
    }

    /// 2 for "CD2", "Disc 2", "disk_2", "CD 02"; nil for anything else.
    static func discNumber(ofFolder name: String) -> Int? {
        let lower = name.lowercased()
        for prefix in ["cd", "disc", "disk"] where lower.hasPrefix(prefix) {
            let rest = lower.dropFirst(prefix.count).drop(while: { $0 == " " || $0 == "_" || $0 == "-" })
            if !rest.isEmpty, rest.allSatisfy(\.isASCII), let n = Int(rest), n > 0, n < 100 { return n }
        }
        return nil
    }

    /// Artist and title for an untagged album: "Artist - Title" folders, else the parent
    /// folder as the artist (Artist/Album layouts), unless that parent is the library root.
    static func untaggedNames(albumFolder: String, root: String) -> (artist: String, title: String) {
        let name = lastComponent(albumFolder)
        let bytes = Array(name.utf8)
        if let dash = (1..<max(1, bytes.count - 3)).first(where: {
            bytes[$0] == UInt8(ascii: " ") && bytes[$0 + 1] == UInt8(ascii: "-") && bytes[$0 + 2] == UInt8(ascii: " ")
        }), dash + 3 < bytes.count {
            return (String(decoding: bytes[..<dash], as: UTF8.self), String(decoding: bytes[(dash + 3)...], as: UTF8.self))
        }
        let up = parent(albumFolder)
        let artist = up.count > root.count && up.hasPrefix(root) ? lastComponent(up) : "Unknown Artist"
        return (artist, name)
    }

    /// Track number and title from a file name like "03 - Song.mp3" or "3. Song.mp3".
    static func untaggedTrack(fileName: String) -> (number: Int?, title: String) {
        var stem = Substring(fileName)
        if let dot = stem.lastIndex(of: ".") { stem = stem[..<dot] }
        let digits = stem.prefix(while: { $0.isASCII && $0.isNumber })
        guard !digits.isEmpty, digits.count <= 3, let number = Int(digits) else { return (nil, String(stem)) }
        let title = stem.dropFirst(digits.count).drop(while: { " .-_)".contains($0) })
        return (number, title.isEmpty ? String(stem) : String(title))
    }

    static func lastComponent(_ path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }

    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }
}
