import CrateFormats
import CratePosix
import Glibc

/// Turns `play PATH…` arguments into an ordered track list: files as given, a folder as
/// its audio files (every format Crate plays) in track order. Until the library knows tags, track order is the file
/// names' natural order ("2 …" before "10 …"), which is how rips are named.
enum FolderAlbum {
    static func expand(_ paths: [String]) throws(RouterError) -> [String] {
        var tracks: [String] = []
        for path in paths {
            var st = stat()
            guard PathName.stat(path, &st) == 0 else {
                throw RouterError("cannot play \(PathName.display(path)): \(String(cString: strerror(errno)))")
            }
            if (st.st_mode & S_IFMT) == S_IFDIR {
                let files = try audioFiles(in: path)
                guard !files.isEmpty else { throw RouterError("no audio files in folder \(path)") }
                tracks += files
            } else {
                tracks.append(path)
            }
        }
        return tracks
    }

    private static func audioFiles(in folder: String) throws(RouterError) -> [String] {
        guard let dir = PathName.opendir(folder) else {
            throw RouterError("cannot read folder \(PathName.display(folder)): \(String(cString: strerror(errno)))")
        }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = PathName.name(of: entry)
            guard !name.hasPrefix("."), FormatRegistry.isAudioFileName(name) else { continue }
            var st = stat()
            let full = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            if PathName.stat(full, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG { names.append(name) }
        }
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        return names.sorted(by: naturallyBefore).map { base + $0 }
    }

    /// Compares digit runs by value and everything else case-insensitively.
    static func naturallyBefore(_ a: String, _ b: String) -> Bool {
        var i = a.unicodeScalars.makeIterator(), j = b.unicodeScalars.makeIterator()
        var x = i.next(), y = j.next()
        while let p = x, let q = y {
            if p.properties.numericType == .decimal, q.properties.numericType == .decimal {
                var m = "", n = ""
                while let d = x, d.properties.numericType == .decimal { m.unicodeScalars.append(d); x = i.next() }
                while let d = y, d.properties.numericType == .decimal { n.unicodeScalars.append(d); y = j.next() }
                let mv = m.drop(while: { $0 == "0" }), nv = n.drop(while: { $0 == "0" })
                if mv.count != nv.count { return mv.count < nv.count }
                if mv != nv { return mv < nv }
                continue
            }
            let lp = p.properties.lowercaseMapping, lq = q.properties.lowercaseMapping
            if lp != lq { return lp < lq }
            x = i.next()
            y = j.next()
        }
        return x == nil && y != nil ? true : (x == nil && y == nil ? a < b : false)
    }
}

/// A request the router could not carry out, with the reason for the admin.
struct RouterError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
