/// Turns a decoded ALAC channel pair back into left and right, and puts back the low
/// bits the encoder sent verbatim ("shifted off") for 24- and 32-bit audio.
enum ALACChannelMatrix {
    /// Undoes the encoder's weighted mix in place: `u` becomes left, `v` right. With a
    /// mixRes of 0 the pair was sent as left/right already.
    static func unmix(_ u: UnsafeMutablePointer<Int32>, _ v: UnsafeMutablePointer<Int32>, count: Int,
                      mixBits: Int, mixRes: Int32) {
        guard mixRes != 0 else { return }
        let shift = Int32(truncatingIfNeeded: mixBits)
        for j in 0..<count {
            let side = v[j]
            let left = u[j] &+ side &- ((mixRes &* side) &>> shift)
            u[j] = left
            v[j] = left &- side
        }
    }

    /// Shifts each sample up by `bits` and ORs in its low bits, read from `lowBits`: one
    /// value per sample, interleaved across the element's channels (`v` nil for mono).
    static func restoreLowBits(_ u: UnsafeMutablePointer<Int32>, _ v: UnsafeMutablePointer<Int32>?, count: Int,
                               bits: Int, from lowBits: inout ALACBitReader) throws(ALACDamage) {
        let shift = Int32(bits)
        for j in 0..<count {
            u[j] = (u[j] &<< shift) | Int32(bitPattern: try lowBits.read(bits))
            if let v { v[j] = (v[j] &<< shift) | Int32(bitPattern: try lowBits.read(bits)) }
        }
    }
}
