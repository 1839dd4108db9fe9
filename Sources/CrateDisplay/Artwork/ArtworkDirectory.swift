import CratePosix
import Glibc

/// The few directory operations artwork needs: list names, test for a regular file.
enum ArtworkDirectory {
    /// The names in `path`, without "." and "..".
    static func names(in path: String) throws(ArtworkError) -> [String] {
        do { return try DirectoryListing.names(in: path) } catch {
            throw .unreadable(path: path, reason: error.message)
        }
    }

    /// Follows symlinks: a cover.jpg linked to a shared scan is fine.
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// "/music/Album/01.mp3" → "/music/Album"; "01.mp3" → ".".
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func lastComponent(of path: String) -> Substring {
        guard let slash = path.lastIndex(of: "/") else { return path[...] }
        return path[path.index(after: slash)...]
    }
}
