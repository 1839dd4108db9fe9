import Glibc

/// File names on Linux are bytes, not text: a folder ripped on an old system can hold
/// Latin-1 names that are not valid UTF-8. Swift strings would repair such bytes (and
/// the file would then not be found), so names read from the file system are decoded
/// here reversibly: each byte that is not part of valid UTF-8 becomes one private-use
/// scalar (U+10FF80 + byte − 0x80), and every call that hands a path to the kernel turns
/// those scalars back into the same bytes. People see them escaped ("Caf\xE9.mp3").
public enum PathName {
    /// Escape scalars are U+10FF80…U+10FFFF: one per byte 0x80…0xFF.
    static let escapeBase: UInt32 = 0x10FF00
    static func isEscape(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= escapeBase + 0x80 }

    /// A name or path as read from the file system.
    public static func decode<C: Collection<UInt8>>(_ bytes: C) -> String {
        let array = Array(bytes)
        var scalars = String.UnicodeScalarView()
        var i = 0
        while i < array.count {
            if let (scalar, length) = scalar(in: array, at: i), !isEscape(scalar) {
                scalars.append(scalar)
                i += length
            } else {
                // Not valid UTF-8 here (or a literal escape scalar, kept as its bytes).
                scalars.append(Unicode.Scalar(escapeBase + UInt32(array[i]))!)
                i += 1
            }
        }
        return String(scalars)
    }

    /// The bytes the kernel knows `path` by (escape scalars back to their bytes).
    public static func bytes(_ path: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if isEscape(scalar) {
                out.append(UInt8(scalar.value - escapeBase))
            } else {
                out.append(contentsOf: String(scalar).utf8)
            }
        }
        return out
    }

    /// Runs `body` with `path` as the kernel's NUL-terminated bytes.
    public static func withCString<R>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        guard path.unicodeScalars.contains(where: isEscape) else { return try path.withCString(body) }
        let raw = bytes(path).map { CChar(bitPattern: $0) } + [0]
        return try raw.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// `path` for people: escape scalars shown as `\xE9`.
    public static func display(_ path: String) -> String {
        guard path.unicodeScalars.contains(where: isEscape) else { return path }
        var out = ""
        for scalar in path.unicodeScalars {
            if isEscape(scalar) {
                let byte = scalar.value - escapeBase
                let hex = String(byte, radix: 16, uppercase: true)
                out += "\\x" + (hex.count < 2 ? "0" : "") + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The name of a directory entry.
    public static func name(of entry: UnsafeMutablePointer<dirent>) -> String {
        withUnsafeBytes(of: entry.pointee.d_name) { raw in decode(raw.prefix(while: { $0 != 0 })) }
    }

    public static func stat(_ path: String, _ info: inout Glibc.stat) -> Int32 {
        withCString(path) { statBytes($0, &info) }
    }

    public static func opendir(_ path: String) -> OpaquePointer? {
        withCString(path) { openDirectoryBytes($0) }
    }

    /// One well-formed UTF-8 sequence at `i` (no overlongs, surrogates or values past
    /// U+10FFFF), with its length; nil when the bytes there are not one.
    private static func scalar(in b: [UInt8], at i: Int) -> (Unicode.Scalar, Int)? {
        let lead = b[i]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length: Int, minimum: UInt32
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: (length, minimum, value) = (2, 0x80, UInt32(lead & 0x1F))
        case 0xE0...0xEF: (length, minimum, value) = (3, 0x800, UInt32(lead & 0x0F))
        case 0xF0...0xF4: (length, minimum, value) = (4, 0x10000, UInt32(lead & 0x07))
        default: return nil
        }
        guard i + length <= b.count else { return nil }
        for k in 1..<length {
            guard b[i + k] & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(b[i + k] & 0x3F)
        }
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}

// At file scope, where `stat` names the call rather than the struct.
private func statBytes(_ path: UnsafePointer<CChar>, _ info: inout stat) -> Int32 { stat(path, &info) }
private func openDirectoryBytes(_ path: UnsafePointer<CChar>) -> OpaquePointer? { opendir(path) }
