import CCrateShims
import Glibc

/// An inotify instance watching folders (not their subfolders: inotify is not recursive,
/// each folder is a watch of its own). One thread owns it: it adds watches and reads the
/// events after poll() says `fd` is readable.
public final class FolderWatches {
    /// One change inotify reported.
    public struct Event: Equatable, Sendable {
        /// The watch it came from (see `add`); -1 for a queue overflow.
        public var watch: Int32
        public var mask: UInt32
        /// The entry inside the watched folder; empty for events on the folder itself.
        public var name: String

        public init(watch: Int32, mask: UInt32, name: String) {
            self.watch = watch
            self.mask = mask
            self.name = name
        }

        public func has(_ flag: Int32) -> Bool { mask & UInt32(bitPattern: flag) != 0 }
        /// The entry is a folder.
        public var isFolder: Bool { has(IN_ISDIR) }
    }

    /// What a library folder's watch reports: entries created, written, closed after
    /// writing, moved in or out, deleted; the folder itself deleted, moved or unmounted.
    public static let folderEvents = UInt32(bitPattern: IN_CREATE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM
        | IN_MOVED_TO | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)

    public let fd: Int32
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

    /// Fails with EMFILE when the user's inotify instances (fs.inotify.max_user_instances)
    /// are used up.
    public init() throws(PosixError) {
        fd = crate_inotify_open()
        guard fd >= 0 else { throw PosixError(call: "inotify_init1") }
    }

    deinit { close(fd) }

    /// Watches `path` (a folder). Returns the watch; adding a folder twice returns the
    /// same one. ENOSPC means the user's watch limit (fs.inotify.max_user_watches) is
    /// reached; ENOENT/ENOTDIR that the folder went away meanwhile.
    public func add(_ path: String, mask: UInt32 = folderEvents) throws(PosixError) -> Int32 {
        let watch = PathName.withCString(path) { inotify_add_watch(fd, $0, mask) }
        guard watch >= 0 else { throw PosixError(call: "inotify_add_watch \(path)") }
        return watch
    }

    /// Stops a watch; the kernel then reports IN_IGNORED for it.
    public func remove(_ watch: Int32) {
        // EINVAL: the folder is gone and the watch with it; nothing left to stop.
        _ = inotify_rm_watch(fd, watch)
    }

    /// Reads what is queued without waiting (the descriptor is non-blocking); empty when
    /// nothing is.
    public func read() throws(PosixError) -> [Event] {
        var events: [Event] = []
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EAGAIN || errno == EINTR { return events }
                throw PosixError(call: "read inotify")
            }
            if count == 0 { return events }
            events += Self.parse(buffer[..<count])
        }
    }

    /// Decodes struct inotify_event records: wd, mask, cookie, len, then `len` bytes of
    /// NUL-padded name.
    static func parse(_ bytes: ArraySlice<UInt8>) -> [Event] {
        var events: [Event] = []
        var offset = bytes.startIndex
        func word(_ at: Int) -> UInt32 {
            UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
        }
        while offset + 16 <= bytes.endIndex {
            let length = Int(word(offset + 12))
            let nameBytes = bytes[(offset + 16)..<min(offset + 16 + length, bytes.endIndex)]
            let name = PathName.decode(nameBytes.prefix { $0 != 0 })
            events.append(Event(watch: Int32(bitPattern: word(offset)), mask: word(offset + 4), name: name))
            offset += 16 + length
        }
        return events
    }

    /// The user's watch limit, for messages; nil when it cannot be read.
    public static func watchLimit() -> Int? {
        // Only for a message: without it the message names the sysctl but not its value.
        do {
            let bytes = try ProcFile.read("/proc/sys/fs/inotify/max_user_watches")
            return Int(String(decoding: bytes, as: UTF8.self).filter { !$0.isWhitespace })
        } catch {
            return nil
        }
    }
}
