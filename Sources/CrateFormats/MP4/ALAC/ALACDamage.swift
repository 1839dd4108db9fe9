/// Why an ALAC packet could not be decoded. Internal to the codec: `ALACCodec` turns it
/// into a `DecodeError` naming the track ("ALAC packet is damaged: <reason>").
struct ALACDamage: Error {
    let reason: String

    init(_ reason: String) { self.reason = reason }

    static let truncated = ALACDamage("it ends in the middle of its audio")
}
