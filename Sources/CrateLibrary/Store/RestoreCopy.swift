import CratePosix
import Glibc
import Logging

/// The file `restore` reads, taken once. It is opened by one descriptor (non-blocking, so
/// a FIFO with no writer answers at once instead of waiting for one), refused unless that
/// descriptor is a regular file of a sane size, and its bytes are copied into a private file
/// in the state directory that only crated can read. The checks and the restore then read
/// that copy: a file swapped in under the name once it was opened (one with a trigger, a
/// FIFO) changes nothing. Opening the path again for each step let one slip in between.
struct RestoreCopy {
    /// The private copy, removed by `remove()`.
    let path: String

    /// The start of every private copy's name in the state directory (mkstemp adds six
    /// characters, SQLite may add -wal, -shm or -journal).
    static let namePrefix = "\(UserSchema.file).restoring-"

    /// Opens `file`, runs `opened` (the tests swap the file there, as a racing process
    /// would), then copies what the descriptor holds into a new file in `directory`.
    static func take(_ file: String, into directory: String, opened: () -> Void) throws(LibraryStoreError) -> RestoreCopy {
        let source = open(file, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard source >= 0 else { throw .badBackup(file: file, reason: "cannot open it: \(errnoDescription(errno))") }
        defer { close(source) }
        var info = stat()
        guard fstat(source, &info) == 0 else { throw .badBackup(file: file, reason: "cannot stat it: \(errnoDescription(errno))") }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .badBackup(file: file, reason: "it is not a regular file") }
        guard Int(info.st_size) <= RestoreFileCheck.maxBytes else { throw tooLarge(file, Int(info.st_size)) }
        opened()

        var template = Array("\(directory)/\(namePrefix)XXXXXX".utf8CString)
        // mkstemp: a new name, created 0600 and exclusively, so nothing else can be it.
        let target = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard target >= 0 else {
            throw .badBackup(file: file, reason: "cannot make a private copy in \(directory): \(errnoDescription(errno))")
        }
        let copy = RestoreCopy(path: template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        defer { close(target) }
        do throws(LibraryStoreError) {
            // Not inherited by a child started meanwhile (mkostemp is not in Swift's Glibc).
            guard fcntl(target, F_SETFD, FD_CLOEXEC) == 0 else {
                throw .badBackup(file: file, reason: "cannot make a private copy in \(directory): \(errnoDescription(errno))")
            }
            try transfer(from: source, to: target, file: file, directory: directory)
        } catch {
            copy.remove()
            throw error
        }
        return copy
    }

    /// Copies the source's bytes, at most `maxBytes` of them: a file that grew past the cap
    /// after its size was read is refused like one that was that large.
    private static func transfer(from source: Int32, to target: Int32, file: String, directory: String) throws(LibraryStoreError) {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var total = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .badBackup(file: file, reason: "cannot read it: \(errnoDescription(errno))") }
            if count == 0 { return }
            total += count
            guard total <= RestoreFileCheck.maxBytes else { throw tooLarge(file, total) }
            var written = 0
            while written < count {
                let n = buffer.withUnsafeBytes { write(target, $0.baseAddress! + written, count - written) }
                if n < 0, errno == EINTR { continue }
                guard n > 0 else {
                    throw .badBackup(file: file, reason: "cannot make a private copy in \(directory): \(errnoDescription(errno))")
                }
                written += n
            }
        }
    }

    private static func tooLarge(_ file: String, _ bytes: Int) -> LibraryStoreError {
        .badBackup(file: file, reason: "it is \(bytes) bytes or more, more than a user database can be (\(RestoreFileCheck.maxBytes) bytes)")
    }

    /// Removes the private copies a restore killed mid-way left in `directory` (crated is
    /// the only one to make them, so at its start none is in use): a user database's worth
    /// of disk each, otherwise never reclaimed. Each removal and each failure is logged; a
    /// failure is not thrown, the store works without the room they take.
    static func removeLeftovers(in directory: String, logger: Logger) {
        let names: [String]
        do {
            names = try DirectoryListing.names(in: directory)
        } catch {
            logger.error("cannot look for what an interrupted restore left: \(error)")
            return
        }
        for name in names where name.hasPrefix(namePrefix) {
            let path = "\(directory)/\(name)"
            if unlink(path) == 0 {
                logger.notice("removed \(path), left by an interrupted restore")
            } else {
                logger.error("cannot remove \(path), left by an interrupted restore: \(errnoDescription(errno))")
            }
        }
    }

    /// Removes the copy and what SQLite may have made beside it while reading it.
    func remove() {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    }
}
