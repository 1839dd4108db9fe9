import CrateFormats
import CratePosix
import Glibc

/// Walks a library root folder by folder, in name order, following symlinks but never
/// around a loop. Reports each folder's MP3 files with their size and mtime, and every
/// folder or file it could not look at, with the reason.
struct DirectoryWalker {
    struct Entry: Equatable {
        var name: String
        /// The full path, built once here for everyone downstream.
        var path: String
        var size: Int
        var mtimeNanos: Int
    }

    struct Folder {
        var path: String
        var files: [Entry]
    }

    enum Event {
        case folder(Folder)
        /// A path that could not be read; nothing under it is known this scan.
        case unreadable(path: String, reason: String)
    }

    /// Calls `visit` for every folder holding MP3 files and every unreadable path.
    /// `visit` returns false to stop the walk (an interrupted scan).
    /// Returns false when stopped, true when the whole tree was walked. Folders in
    /// `skipping` (drives mounted below the root, scanned as roots of their own) are not entered.
    static func walk(root: String, skipping: Set<String> = [], visit: (Event) -> Bool) -> Bool {
        var seen = Set<FileID>()
        var pending = [root]
        while let folder = pending.popLast() {
            if folder != root && skipping.contains(folder) { continue }
            var st = stat()
            guard PathName.stat(folder, &st) == 0 else {
                if !visit(.unreadable(path: folder, reason: errnoDescription())) { return false }
                continue
            }
            guard seen.insert(FileID(st)).inserted else {
                if !visit(.unreadable(path: folder, reason: "already scanned through another path (a symlink loop or a second link)")) { return false }
                continue
            }
            guard let dir = PathName.opendir(folder) else {
                if !visit(.unreadable(path: folder, reason: errnoDescription())) { return false }
                continue
            }
            var files: [Entry] = [], subfolders: [String] = []
            while let entry = readdir(dir) {
                let name = PathName.name(of: entry)
                // Hidden entries (".", "..", ".Trash", AppleDouble files) are not music.
                guard !name.hasPrefix(".") else { continue }
                let path = folder == "/" ? "/" + name : folder + "/" + name
                // A folder is stat'ed when it is walked (for loop detection); no need twice.
                if entry.pointee.d_type == UInt8(DT_DIR) {
                    subfolders.append(path)
                    continue
                }
                let isAudio = FormatRegistry.isAudioFileName(name)
                // Other files (covers, logs, cue sheets) need no look at all.
                guard isAudio || entry.pointee.d_type == UInt8(DT_LNK) || entry.pointee.d_type == UInt8(DT_UNKNOWN) else {
                    continue
                }
                var info = stat()
                guard PathName.stat(path, &info) == 0 else {
                    // A dangling symlink, or a file that vanished since readdir; a link
                    // loop (a -> b -> a) is named whatever its name, as it hides a folder.
                    let code = errno
                    if isAudio || code == ELOOP, !visit(.unreadable(path: path, reason: errnoDescription(code))) {
                        closedir(dir)
                        return false
                    }
                    continue
                }
                switch info.st_mode & S_IFMT {
                case S_IFDIR: subfolders.append(path)
                case S_IFREG where isAudio:
                    files.append(Entry(name: name, path: path, size: Int(info.st_size),
                                       mtimeNanos: info.st_mtim.tv_sec * 1_000_000_000 + info.st_mtim.tv_nsec))
                default: break
                }
            }
            closedir(dir)
            if !files.isEmpty {
                files.sort { $0.name < $1.name }
                if !visit(.folder(Folder(path: folder, files: files))) { return false }
            }
            // Reverse order on the stack so folders are visited in name order.
            pending += subfolders.sorted(by: >)
        }
        return true
    }

    private struct FileID: Hashable {
        let device: UInt
        let inode: UInt
        init(_ st: stat) {
            device = UInt(st.st_dev)
            inode = UInt(st.st_ino)
        }
    }
}
