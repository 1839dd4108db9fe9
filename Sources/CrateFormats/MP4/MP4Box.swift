/// A four-character box type ("moov", "©nam") as its big-endian 32-bit value.
struct FourCC: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    let value: UInt32

    init(_ value: UInt32) { self.value = value }

    /// From four characters; "©" is the single byte 0xA9, as in the files.
    init(stringLiteral text: String) {
        var value: UInt32 = 0
        for scalar in text.unicodeScalars.prefix(4) { value = value << 8 | (scalar.value & 0xFF) }
        self.value = value
    }

    /// "mp4a"; bytes outside printable ASCII as "©" (0xA9) or "?".
    var description: String {
        var text = ""
        for shift in stride(from: 24, through: 0, by: -8) {
            let byte = UInt8((value >> UInt32(shift)) & 0xFF)
            text.append(byte == 0xA9 ? "©" : (0x20...0x7E).contains(byte) ? Character(Unicode.Scalar(byte)) : "?")
        }
        return text
    }
}

/// One box's place in the file: its type and where its header and payload lie.
struct MP4Box {
    let type: FourCC
    /// Offset of the box header in the file.
    let offset: Int
    let headerSize: Int
    /// The whole box, header included, as its header declares it.
    let size: Int

    var payloadOffset: Int { offset + headerSize }
    var payloadSize: Int { size - headerSize }
    var end: Int { offset + size }
}

/// Big-endian numbers out of a box payload already in memory. Reads past the end give
/// nil, so a short box is a reason, never a crash.
struct BigEndianReader {
    let bytes: [UInt8]
    var at: Int

    init(_ bytes: [UInt8], at: Int = 0) {
        self.bytes = bytes
        self.at = at
    }

    var remaining: Int { max(0, bytes.count - at) }

    mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, count <= remaining else { return false }
        at += count
        return true
    }

    mutating func u8() -> Int? { read(1) }
    mutating func u16() -> Int? { read(2) }
    mutating func u24() -> Int? { read(3) }
    mutating func u32() -> Int? { read(4) }

    /// Unsigned 64-bit values above Int.max are nonsense in a file; they read as nil.
    mutating func u64() -> Int? {
        guard let high = read(4), let low = read(4), high < 0x8000_0000 else { return nil }
        return high << 32 | low
    }

    mutating func i32() -> Int? { u32().map { Int(Int32(truncatingIfNeeded: $0)) } }

    mutating func i64() -> Int? {
        guard let high = read(4), let low = read(4) else { return nil }
        return Int(Int64(bitPattern: UInt64(high) << 32 | UInt64(low)))
    }

    mutating func fourCC() -> FourCC? { u32().map { FourCC(UInt32($0)) } }

    mutating func bytes(_ count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, count <= remaining else { return nil }
        defer { at += count }
        return bytes[at..<at + count]
    }

    private mutating func read(_ count: Int) -> Int? {
        guard count <= remaining else { return nil }
        var value = 0
        for i in 0..<count { value = value << 8 | Int(bytes[at + i]) }
        at += count
        return value
    }
}

/// Walks boxes through a `ByteCursor`, reading headers and only the payloads asked for,
/// so a stream is read as it arrives and a large cover or `mdat` is stepped over.
struct MP4BoxReader {
    let cursor: ByteCursor
    let path: String

    /// The largest payload read into memory at once (sample tables of very long files
    /// fit; anything bigger is damage).
    static let maxPayload = 64 << 20

    func fail(_ reason: String) -> DecodeError { DecodeError(path: path, reason: reason) }

    /// The box starting at `offset`, nil at the end of the data (or of `limit`). A size of
    /// 0 runs to `limit` (the end of the file for top-level boxes).
    func box(at offset: Int, limit: Int?) throws(DecodeError) -> MP4Box? {
        if let limit, offset + 8 > limit { return nil }
        let head = try cursor.bytes(at: offset, count: 8)
        guard head.count == 8 else { return nil }
        var reader = BigEndianReader(head)
        let declared = reader.u32()!
        let type = reader.fourCC()!
        switch declared {
        case 1:
            var wide = BigEndianReader(try cursor.bytes(at: offset + 8, count: 8))
            guard let size = wide.u64(), size >= 16 else { throw fail("box '\(type)' has a bad 64-bit size") }
            return MP4Box(type: type, offset: offset, headerSize: 16, size: size)
        case 0:
            guard let end = limit ?? cursor.source.size else { throw fail("box '\(type)' runs to an unknown end") }
            return MP4Box(type: type, offset: offset, headerSize: 8, size: end - offset)
        case 2..<8:
            throw fail("box '\(type)' has a bad size (\(declared))")
        default:
            return MP4Box(type: type, offset: offset, headerSize: 8, size: declared)
        }
    }

    /// The boxes inside `parent`'s payload, from `skip` bytes in (full boxes and sample
    /// entries have fields before their children). A child running past its parent is
    /// damage and ends the list with a reason.
    func children(of parent: MP4Box, skip: Int = 0) throws(DecodeError) -> [MP4Box] {
        var list: [MP4Box] = []
        var offset = parent.payloadOffset + skip
        while let child = try box(at: offset, limit: parent.end) {
            guard child.end <= parent.end else {
                throw fail("box '\(child.type)' runs past the end of '\(parent.type)'")
            }
            list.append(child)
            offset = child.end
        }
        return list
    }

    /// The first child of `parent` of type `type`.
    func child(_ type: FourCC, of parent: MP4Box, skip: Int = 0) throws(DecodeError) -> MP4Box? {
        try children(of: parent, skip: skip).first { $0.type == type }
    }

    /// The box at the end of `path` below `parent` ("mdia", "minf", "stbl").
    func descend(_ parent: MP4Box, _ path: [FourCC]) throws(DecodeError) -> MP4Box? {
        var box = parent
        for type in path {
            guard let next = try child(type, of: box) else { return nil }
            box = next
        }
        return box
    }

    /// The whole payload of `box` in memory; a cut-short payload is a reason.
    func payload(_ box: MP4Box) throws(DecodeError) -> [UInt8] {
        guard box.payloadSize <= Self.maxPayload else { throw fail("box '\(box.type)' is too large (\(box.size) bytes)") }
        let bytes = try cursor.bytes(at: box.payloadOffset, count: box.payloadSize)
        guard bytes.count == box.payloadSize else { throw fail("box '\(box.type)' is cut short (the file is cut short)") }
        return bytes
    }
}
