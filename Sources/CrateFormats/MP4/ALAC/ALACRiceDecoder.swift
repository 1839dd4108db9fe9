/// The adaptive Golomb-Rice entropy decoder of ALAC ("dyn_decomp"): turns the bits of one
/// channel into prediction residuals. The Rice parameter follows a running mean of the
/// magnitudes; when the mean falls low, a run length of zero residuals follows instead.
enum ALACRiceDecoder {
    /// The mean-tracking parameters of one channel (from the config and the channel's
    /// pbFactor).
    struct Parameters {
        /// Initial mean ("mb").
        var initialMean: UInt32
        /// Adaptation rate ("pb" scaled by the channel's pbFactor / 4).
        var rate: UInt32
        /// Largest Rice parameter ("kb", 0...31).
        var maxK: UInt32
    }

    private static let meanShift: UInt32 = 9          // QBSHIFT: the mean is kept << 9
    private static let meanUnit: UInt32 = 1 << 9      // QB
    private static let escapePrefix = 9               // a prefix this long escapes to raw bits
    private static let runEscapeBits = 16             // raw width of an escaped zero run
    private static let meanClamp: UInt32 = 0xffff     // a huge value resets the mean here

    /// Decodes `count` residuals into `out`, advancing `reader` past them. `sampleBits` is
    /// the width of an escaped (raw) residual: the channel's bit width.
    static func decode(_ reader: inout ALACBitReader, into out: UnsafeMutablePointer<Int32>, count: Int,
                       parameters: Parameters, sampleBits: Int) throws(ALACDamage) {
        var pos = reader.position
        let limit = reader.bitCount
        let rate = parameters.rate
        let kMask: UInt32 = (1 << parameters.maxK) &- 1
        var mean = parameters.initialMean
        var zeroMode: UInt32 = 0
        var c = 0
        while c < count {
            // k = min(floor(log2(mean / QB + 3)), kb)
            let k = min(UInt32(31 - ((mean >> meanShift) &+ 3).leadingZeroBitCount), parameters.maxK)
            let n = readCode(reader, at: &pos, k: k, m: (1 << k) &- 1, escapeBits: sampleBits)
            guard pos <= limit else { throw ALACDamage.truncated }
            // The least significant bit of the folded value is the sign.
            let folded = n &+ zeroMode
            let magnitude = Int32(bitPattern: (folded &+ 1) >> 1)
            out[c] = folded & 1 == 0 ? magnitude : 0 &- magnitude
            c += 1

            mean = rate &* (n &+ zeroMode) &+ mean &- ((rate &* mean) >> meanShift)
            if n > meanClamp { mean = meanClamp }
            zeroMode = 0

            if mean &<< 2 < meanUnit && c < count {
                // A quiet stretch: a run of zero residuals, coded with its own parameter.
                zeroMode = 1
                let runK = UInt32(mean.leadingZeroBitCount) &- 24 &+ ((mean &+ 16) >> 6)
                let clampedK = min(runK, 31)
                let run = Int(readCode(reader, at: &pos, k: clampedK, m: ((1 << clampedK) &- 1) & kMask,
                                       escapeBits: runEscapeBits))
                guard pos <= limit else { throw ALACDamage.truncated }
                guard run <= count - c else { throw ALACDamage("a run of silence overruns the frame") }
                (out + c).update(repeating: 0, count: run)
                c += run
                if run >= 65535 { zeroMode = 0 }
                mean = 0
            }
        }
        reader.position = pos
    }

    /// One Rice code: a unary prefix q (capped at 9, which escapes to `escapeBits` raw bits)
    /// then k bits v; the value is q*m + v - 1, except that v of 0 or 1 is sent in k-1 bits
    /// as q*m (the lowest bit then belongs to the next code). Past the packet's end the
    /// bits read as zeros; the caller checks `pos` against the end.
    @inline(__always)
    private static func readCode(_ reader: ALACBitReader, at pos: inout Int, k: UInt32, m: UInt32,
                                 escapeBits: Int) -> UInt32 {
        let window = reader.peek64(at: pos)
        let prefix = (~window).leadingZeroBitCount
        if prefix >= escapePrefix {
            pos += escapePrefix + escapeBits
            return UInt32(truncatingIfNeeded: (window << UInt64(escapePrefix)) >> UInt64(64 - escapeBits))
        }
        pos += prefix + 1
        let v = UInt32(truncatingIfNeeded: (window << UInt64(prefix + 1)) >> UInt64(64 - k))
        if v < 2 {
            pos += Int(k) - 1
            return UInt32(prefix) &* m
        }
        pos += Int(k)
        return UInt32(prefix) &* m &+ v &- 1
    }
}
