/// Moves decoded samples into the engine's layout (stereo, left-justified Int32).
/// Decode thread: no allocation, plain loops the compiler vectorises.
public enum Interleave {
    /// Interleaved 16-bit samples (`channels` 1 or 2) → stereo Int32.
    public static func from16(_ input: UnsafePointer<Int16>, frames: Int, channels: Int,
                              into out: UnsafeMutablePointer<Int32>) {
        if channels == 2 {
            for i in 0..<frames * 2 { out[i] = Int32(input[i]) << 16 }
        } else {
            for i in 0..<frames {
                let v = Int32(input[i]) << 16
                out[2 * i] = v
                out[2 * i + 1] = v
            }
        }
    }

    /// Planar right-justified channels (libFLAC's, ALAC's) of `bits` bits → stereo Int32.
    /// Mono passes the same pointer twice.
    public static func fromPlanar(left: UnsafePointer<Int32>, right: UnsafePointer<Int32>, frames: Int, bits: Int,
                                  into out: UnsafeMutablePointer<Int32>) {
        // A masking shift (bits is 4...32, so 0...28): one instruction the loop vectorises,
        // where `<<` checks the amount for every sample.
        let shift = Int32(truncatingIfNeeded: 32 - bits)
        for i in 0..<frames {
            out[2 * i] = left[i] &<< shift
            out[2 * i + 1] = right[i] &<< shift
        }
    }

    /// Float samples in [-1, 1] (interleaved, 1 or 2 channels) → stereo 16-bit-in-Int32,
    /// rounded and clipped: what lossy decoders that produce floats are held to.
    public static func fromFloat(_ input: UnsafePointer<Float>, frames: Int, channels: Int,
                                 into out: UnsafeMutablePointer<Int32>) {
        @inline(__always) func s16(_ x: Float) -> Int32 {
            let scaled = (x * 32768).rounded()
            return Int32(max(-32768, min(32767, scaled))) << 16
        }
        if channels == 2 {
            for i in 0..<frames * 2 { out[i] = s16(input[i]) }
        } else {
            for i in 0..<frames {
                let v = s16(input[i])
                out[2 * i] = v
                out[2 * i + 1] = v
            }
        }
    }
}
