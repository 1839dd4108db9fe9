/// Where a decoder's bytes come from: a file, or a stream still arriving over the
/// network. Decoders read at offsets of their choosing; the source decides whether a
/// read has to wait. Kept apart from the codecs so every format streams the same way.
public protocol ByteSource: AnyObject {
    /// The whole length when known (a stream's Content-Length, a file's size).
    var size: Int? { get }
    /// Bytes from `offset` that can be read now without waiting; `Int.max` when every
    /// byte is there (a file, a finished stream).
    func readyBytes(from offset: Int) -> Int
    /// Reads up to `count` bytes at `offset`, waiting (bounded by the source's own stall
    /// limit) for bytes that have not arrived yet. Returns 0 at the end.
    func read(at offset: Int, into buffer: UnsafeMutableRawPointer, count: Int) throws(DecodeError) -> Int
}

/// A decoder's read position over a source, with the C-callback-friendly calls the
/// codec libraries want (read, seek, tell). Errors inside callbacks are kept here for
/// the decoder to report, since the C libraries only learn "it failed".
public final class ByteCursor {
    public let source: any ByteSource
    public private(set) var position = 0
    /// The first read failure, reported by the decoder in its own words.
    public private(set) var failure: DecodeError?

    /// Bytes shown to sequential reads in place of the source's at `offset` (a header a
    /// codec library would misread, corrected): the file itself is never changed.
    var patch: (offset: Int, bytes: [UInt8])?

    public init(_ source: any ByteSource) { self.source = source }

    /// Sequential read; 0 at the end or after a failure (see `failure`).
    public func read(into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        guard failure == nil, count > 0 else { return 0 }
        do {
            let n = try source.read(at: position, into: buffer, count: count)
            if let patch { Self.apply(patch, to: buffer, at: position, count: n) }
            position += n
            return n
        } catch {
            failure = error
            return 0
        }
    }

    private static func apply(_ patch: (offset: Int, bytes: [UInt8]), to buffer: UnsafeMutableRawPointer,
                              at position: Int, count: Int) {
        let from = max(position, patch.offset), to = min(position + count, patch.offset + patch.bytes.count)
        guard from < to else { return }
        for offset in from..<to {
            buffer.storeBytes(of: patch.bytes[offset - patch.offset], toByteOffset: offset - position, as: UInt8.self)
        }
    }

    /// fseek semantics (`whence` 0/1/2). False when the target is unknown or negative.
    public func seek(_ offset: Int, whence: Int32) -> Bool {
        let base: Int
        switch whence {
        case 0: base = 0
        case 1: base = position
        case 2:
            guard let size = source.size else { return false }
            base = size
        default: return false
        }
        guard base + offset >= 0 else { return false }
        position = base + offset
        return true
    }

    /// Reads exactly `count` bytes at `offset` into a new array (headers, boxes); fewer at the end.
    public func bytes(at offset: Int, count: Int) throws(DecodeError) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: max(0, count))
        var done = 0
        while done < count {
            let n = try out.withUnsafeMutableBytes { raw in
                Result { () throws(DecodeError) -> Int in
                    try source.read(at: offset + done, into: raw.baseAddress! + done, count: count - done)
                }
            }.get()
            if n == 0 { break }
            done += n
        }
        if done < count { out.removeLast(count - done) }
        return out
    }

    /// Whether a decode step should wait for more of a stream: fewer than `lead` bytes
    /// are ready past the position and the source has not ended there.
    public func shouldWait(lead: Int) -> Bool {
        let ready = source.readyBytes(from: position)
        if ready >= lead { return false }
        if let size = source.size, position + ready >= size { return false }
        return true
    }
}
