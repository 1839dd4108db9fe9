/// One codec inside an MP4 audio track (AAC, ALAC): turns the track's packets (MP4
/// "samples") into PCM. The container reader finds the packets; the codec decodes them.
protocol MP4AudioCodec: AnyObject {
    var format: PCMFormat { get }
    /// "AAC", "ALAC".
    var codecName: String { get }
    /// The most frames one packet can decode to (output buffers are sized by it).
    var maxFramesPerPacket: Int { get }
    /// Decodes one packet into interleaved stereo, left-justified Int32 (the TrackDecoder
    /// contract); returns the frames produced.
    func decode(_ packet: UnsafeRawBufferPointer, into out: UnsafeMutablePointer<Int32>) throws(DecodeError) -> Int
    /// Forgets state carried between packets (after a seek).
    func reset()
}
