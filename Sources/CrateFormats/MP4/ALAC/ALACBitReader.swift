/// A big-endian bit cursor over one ALAC packet (ALAC packs every field MSB first with no
/// byte alignment between elements). Every read is bounds-checked, so a damaged packet
/// throws instead of reading past its end.
struct ALACBitReader {
    private let base: UnsafeRawPointer?
    private let byteCount: Int
    /// The packet's length in bits: no read may end beyond it.
    let bitCount: Int
    /// Bits consumed from the start of the packet.
    var position = 0

    init(_ packet: UnsafeRawBufferPointer) {
        base = packet.baseAddress
        byteCount = packet.count
        bitCount = packet.count * 8
    }

    /// The 64 bits starting at bit `pos`, MSB first, zeros past the packet's end. At
    /// least the top 57 are real bits (the rest are zero-filled by the byte offset), which
    /// covers the longest Rice code (9-bit prefix + 32-bit escape).
    @inline(__always)
    func peek64(at pos: Int) -> UInt64 {
        let byte = pos >> 3
        var word: UInt64 = 0
        if let base, byte >= 0, byte + 8 <= byteCount {
            word = UInt64(bigEndian: base.loadUnaligned(fromByteOffset: byte, as: UInt64.self))
        } else if let base, byte >= 0 {
            for i in 0..<8 {
                word <<= 8
                if byte + i < byteCount { word |= UInt64(base.load(fromByteOffset: byte + i, as: UInt8.self)) }
            }
        }
        return word << UInt64(pos & 7)
    }

    /// The next `count` bits (0...32) as an unsigned value.
    @inline(__always)
    mutating func read(_ count: Int) throws(ALACDamage) -> UInt32 {
        guard count > 0 else { return 0 }
        guard position + count <= bitCount else { throw ALACDamage.truncated }
        let value = UInt32(truncatingIfNeeded: peek64(at: position) >> UInt64(64 - count))
        position += count
        return value
    }

    /// The next `count` bits (1...32) as a two's-complement value of that width.
    @inline(__always)
    mutating func readSigned(_ count: Int) throws(ALACDamage) -> Int32 {
        let raw = Int32(bitPattern: try read(count))
        let unused = Int32(32 - count)
        return (raw &<< unused) &>> unused
    }

    /// Fails unless `count` more bits remain (one check before a run of reads).
    func require(_ count: Int) throws(ALACDamage) {
        guard count >= 0, position + count <= bitCount else { throw ALACDamage.truncated }
    }

    mutating func skip(_ count: Int) throws(ALACDamage) {
        try require(count)
        position += count
    }

    mutating func alignToByte() throws(ALACDamage) {
        try skip((8 - position & 7) & 7)
    }
}
