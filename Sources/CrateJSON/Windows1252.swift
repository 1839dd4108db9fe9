/// Single bytes of legacy text, for bytes in a JSON string that are not valid UTF-8.
///
/// Text that is not UTF-8 in the wild is nearly always Windows-1252: Latin-1 plus
/// printable punctuation in 0x80–0x9F (curly quotes, dashes, €) where Latin-1 has
/// invisible control codes. Reading it so keeps "Don’t" from turning into a control code.
enum Windows1252 {
    /// 0x80–0x9F; zero marks the five bytes Windows-1252 leaves undefined, kept as Latin-1.
    private static let high: [UInt32] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
    ]

    static func scalar(for byte: UInt8) -> UInt32 {
        if byte >= 0x80 && byte <= 0x9F {
            let mapped = high[Int(byte - 0x80)]
            if mapped != 0 { return mapped }
        }
        return UInt32(byte)
    }
}
