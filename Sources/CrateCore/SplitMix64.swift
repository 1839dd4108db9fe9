/// SplitMix64 (Steele, Lea & Flood 2014; the seeder of xoshiro): a tiny PRNG whose whole
/// state is one UInt64. Our own rather than the stdlib's `SystemRandomNumberGenerator`
/// because a crate must be reproducible from its seed (`crate-admin` shows the seed), and
/// rather than `Int.random(in:using:)` because that algorithm may change between Swift
/// releases, which would silently change every saved crate. Tests use it for seeded,
/// repeatable scenarios too.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1): the top 53 bits as a Double mantissa.
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }
}
