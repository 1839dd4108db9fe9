/// The header an encoder writes into the first, silent frame of an MP3: Xing ("Xing"
/// for VBR, "Info" for CBR) with LAME's extension carrying the encoder delay and
/// padding, or Fraunhofer's VBRI. Read the way libmpg123 reads it, so that the length
/// computed here is the length the decoder plays.
struct XingHeader: Equatable {
    enum Kind: Equatable { case xing, info, vbri }

    var kind: Kind
    /// Audio frames in the stream, this header's frame not included.
    var frames: Int?
    /// Bytes of the stream, as the encoder counted them.
    var bytes: Int?
    /// From the LAME extension: samples the encoder added before and after the signal.
    var encoderDelay: Int?
    var encoderPadding: Int?

    /// Looks for a header in the frame that starts at `start` in `bytes`.
    /// `sideInfoSize` depends on the MPEG version and the channel mode; a CRC adds 2.
    static func find(in bytes: [UInt8], frameStart start: Int, frameLength: Int,
                     sideInfoSize: Int, hasCRC: Bool) -> XingHeader? {
        let end = min(bytes.count, start + frameLength)
        var candidates = [start + 4 + sideInfoSize]
        if hasCRC { candidates.append(start + 6 + sideInfoSize) }
        for position in candidates {
            if let header = xing(bytes, at: position, end: end) { return header }
        }
        return vbri(bytes, at: start + 36, end: end)
    }

    private static func xing(_ b: [UInt8], at position: Int, end: Int) -> XingHeader? {
        guard let magic = ascii(b, at: position, count: 4, end: end), magic == "Xing" || magic == "Info" else {
            return nil
        }
        guard let flags = bigEndian32(b, at: position + 4, end: end) else { return nil }
        var header = XingHeader(kind: magic == "Xing" ? .xing : .info)
        var p = position + 8
        if flags & 0x1 != 0 {
            guard let frames = bigEndian32(b, at: p, end: end) else { return header }
            header.frames = frames
            p += 4
        }
        if flags & 0x2 != 0 {
            guard let count = bigEndian32(b, at: p, end: end) else { return header }
            header.bytes = count
            p += 4
        }
        if flags & 0x4 != 0 { p += 100 }  // seek table
        if flags & 0x8 != 0 { p += 4 }  // quality
        // libmpg123 takes any non-zero byte here as the start of a LAME extension
        // (LAME, Lavc and others write one) when 24 bytes of it fit in the frame.
        if p + 24 <= end, b[p] != 0 {
            header.encoderDelay = Int(b[p + 21]) << 4 | Int(b[p + 22]) >> 4
            header.encoderPadding = (Int(b[p + 22]) & 0x0F) << 8 | Int(b[p + 23])
        }
        return header
    }

    private static func vbri(_ b: [UInt8], at position: Int, end: Int) -> XingHeader? {
        guard ascii(b, at: position, count: 4, end: end) == "VBRI",
              let count = bigEndian32(b, at: position + 10, end: end),
              let frames = bigEndian32(b, at: position + 14, end: end)
        else { return nil }
        return XingHeader(kind: .vbri, frames: frames, bytes: count)
    }

    private init(kind: Kind, frames: Int? = nil, bytes: Int? = nil) {
        self.kind = kind
        self.frames = frames
        self.bytes = bytes
    }

    private static func ascii(_ b: [UInt8], at p: Int, count: Int, end: Int) -> String? {
        guard p >= 0, p + count <= end else { return nil }
        return String(decoding: b[p..<p + count], as: UTF8.self)
    }

    private static func bigEndian32(_ b: [UInt8], at p: Int, end: Int) -> Int? {
        guard p >= 0, p + 4 <= end else { return nil }
        return Int(b[p]) << 24 | Int(b[p + 1]) << 16 | Int(b[p + 2]) << 8 | Int(b[p + 3])
    }
}
