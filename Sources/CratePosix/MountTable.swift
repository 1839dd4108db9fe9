import Glibc

/// The mount points this process sees, from /proc/self/mountinfo, and a descriptor that
/// poll() wakes with POLLPRI whenever something is mounted or unmounted (a USB stick, a
/// network share). Whoever polls `fd` calls `mountPoints()` after each wake: reading the
/// file again is what re-arms it.
public final class MountTable {
    public static let path = "/proc/self/mountinfo"
    public let fd: Int32

    public init() throws(PosixError) {
        fd = open(Self.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw PosixError(call: "open \(Self.path)") }
    }

    deinit { close(fd) }

    /// The mount points now, read through `fd` from its start.
    public func mountPoints() throws(PosixError) -> Set<String> {
        guard lseek(fd, 0, SEEK_SET) == 0 else { throw PosixError(call: "lseek \(Self.path)") }
        return Self.parse(try ProcFile.read(fd: fd, name: Self.path))
    }

    /// The mount points in mountinfo text: the fifth field of each line, with the kernel's
    /// octal escapes (`\040` for a space) undone.
    public static func parse(_ bytes: [UInt8]) -> Set<String> {
        var points = Set<String>()
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
            guard fields.count > 4 else { continue }
            points.insert(PathName.decode(unescape(fields[4])))
        }
        return points
    }

    static func unescape(_ field: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = [], i = field.startIndex
        let digits = UInt8(ascii: "0")...UInt8(ascii: "7")
        while i < field.endIndex {
            if field[i] == UInt8(ascii: "\\"), i + 3 < field.endIndex,
               field[(i + 1)...(i + 3)].allSatisfy({ digits.contains($0) }) {
                out.append(field[(i + 1)...(i + 3)].reduce(0) { $0 &* 8 &+ ($1 - UInt8(ascii: "0")) })
                i += 4
            } else {
                out.append(field[i])
                i += 1
            }
        }
        return out
    }
}

/// Files under /proc and /sys: their size says 0, so they are read to the end.
public enum ProcFile {
    public static func read(_ path: String) throws(PosixError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw PosixError(call: "open \(path)") }
        defer { close(fd) }
        return try read(fd: fd, name: path)
    }

    static func read(fd: Int32, name: String) throws(PosixError) -> [UInt8] {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw PosixError(call: "read \(name)")
            }
            if count == 0 { return out }
            out += chunk[..<count]
        }
    }
}
