import CratePosix
import Glibc

/// A cheap look at the start of a file before libmpg123 sees it. libmpg123 resyncs
/// through garbage and will happily "decode" noise out of random bytes; an album
/// player must instead refuse anything that does not start like an MP3.
enum MP3Probe {
    /// Leading zero padding tolerated between an ID3v2 tag and the first frame.
    private static let maxPadding = 4096

    static func check(path: String) throws(DecodeError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw DecodeError(path: path, reason: "cannot open: \(errnoDescription())") }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw DecodeError(path: path, reason: "cannot stat: \(errnoDescription())") }
        guard (st.st_mode & S_IFMT) == S_IFREG else { throw DecodeError(path: path, reason: "not a regular file") }
        guard st.st_size > 0 else { throw DecodeError(path: path, reason: "empty file (0 bytes)") }

        var start = 0
        var head = try readBytes(fd, at: 0, count: 10, path: path)
        if head.count == 10, head[0] == 0x49, head[1] == 0x44, head[2] == 0x33 {  // "ID3"
            let size = (Int(head[6] & 0x7f) << 21) | (Int(head[7] & 0x7f) << 14) | (Int(head[8] & 0x7f) << 7) | Int(head[9] & 0x7f)
            let hasFooter = head[5] & 0x10 != 0
            start = 10 + size + (hasFooter ? 10 : 0)
            if start >= Int(st.st_size) {
                throw DecodeError(path: path, reason: "no audio: the file holds only an ID3 tag")
            }
        }
        head = try readBytes(fd, at: start, count: maxPadding + 8192, path: path)
        var offset = 0
        while offset < min(head.count, maxPadding), head[offset] == 0 { offset += 1 }
        guard let first = MPEGFrameHeader(head, at: offset) else {
            throw DecodeError(path: path, reason: "not an MP3 file (\(describe(head, at: offset)))")
        }
        // A second header right where the first frame ends rules out a chance sync word.
        let next = offset + first.frameLength
        if next + 4 <= head.count {
            guard let second = MPEGFrameHeader(head, at: next), second.isCompatible(with: first) else {
                throw DecodeError(path: path, reason: "not an MP3 file (no second MPEG frame after the first)")
            }
        } else if start + next < Int(st.st_size) {
            // Frame ran past our read window (huge free-format frame): leave it to libmpg123.
        } else {
            throw DecodeError(path: path, reason: "truncated: less than two MPEG frames of audio")
        }
    }

    private static func readBytes(_ fd: Int32, at offset: Int, count: Int, path: String) throws(DecodeError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
        guard n >= 0 else { throw DecodeError(path: path, reason: "read failed: \(errnoDescription())") }
        bytes.removeLast(count - n)
        return bytes
    }

    /// Names common non-MP3 formats so the error says what the file is.
    private static func describe(_ bytes: [UInt8], at offset: Int) -> String {
        let magic = String(decoding: bytes[offset..<min(bytes.count, offset + 4)], as: UTF8.self)
        switch magic {
        case "RIFF": return "it is a RIFF/WAVE file"
        case "fLaC": return "it is a FLAC file"
        case "OggS": return "it is an Ogg file"
        case "%PDF": return "it is a PDF document"
        default:
            if bytes.count >= offset + 8, String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self) == "ftyp" {
                return "it is an MP4/M4A file"
            }
            if bytes.count >= offset + 3, bytes[offset] == 0xFF, bytes[offset + 1] == 0xD8 { return "it is a JPEG image" }
            if bytes.count >= offset + 4, bytes[offset] == 0x89, magic.hasSuffix("PNG") { return "it is a PNG image" }
            return "no MPEG audio frame at the start"
        }
    }
}
