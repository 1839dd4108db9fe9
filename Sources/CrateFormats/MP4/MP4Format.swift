/// MP4/M4A with AAC or ALAC: the sample tables and `ilst` tags from the boxes, gapless
/// from iTunSMPB or the edit list; faad2 decodes AAC, `ALACCodec` decodes ALAC.
struct MP4Format: AudioFormat {
    let name = "MP4"
    let suffixes = ["m4a", "mp4", "m4b"]
    let mimeTypes = ["audio/mp4", "audio/x-m4a", "audio/aac"]
    let plexNames = ["mp4", "m4a", "aac", "alac"]
    /// An "aac" container is raw ADTS, which this format does not read.
    let plexContainers = ["mp4", "m4a"]
    let plexCodecs = ["aac", "alac"]

    func probe(_ head: [UInt8]) -> Bool { head.count >= 8 && Array(head[4..<8]) == Array("ftyp".utf8) }

    func readMetadata(path: String) throws(FormatReadError) -> TrackMetadata {
        do {
            let source = try FileByteSource(path: path)
            let reader = MP4BoxReader(cursor: ByteCursor(source), path: path)
            let movie = try MP4Movie.read(reader)
            var tags = MP4Tags()
            if let ilst = movie.ilst { tags = try MP4Tags.read(ilst: ilst, reader: reader) }
            if let problem = movie.tagsProblem { tags.tags.note(problem) }
            var stream = try Self.streamInfo(movie, iTunSMPB: tags.iTunSMPB, path: path)
            stream.truncation = Self.truncation(movie.track, fileSize: source.size ?? Int.max)
            return TrackMetadata(tags: tags.tags, stream: stream)
        } catch {
            throw FormatReadError(path: path, reason: error.reason)
        }
    }

    func makeDecoder(source: any ByteSource, path: String) throws(DecodeError) -> any TrackDecoder {
        try MP4Decoder(source: source, path: path)
    }

    /// Why the file holds fewer packets than its sample table lists (a file cut short with
    /// its moov first; with the moov last, the moov itself is missing): nil when all are there.
    private static func truncation(_ track: MP4AudioTrack, fileSize: Int) -> String? {
        let table = track.table
        guard let first = (0..<table.count).first(where: { Int(table.offsets[$0]) + Int(table.sizes[$0]) > fileSize })
        else { return nil }
        let scale = Double(max(1, track.timescale))
        return "truncated: the audio ends at \(formatSeconds(Double(table.starts[first]) / scale)) of the "
            + "\(formatSeconds(Double(table.totalDuration) / scale)) its sample table lists"
    }

    /// Rate, channels and exact length as the decoder will produce them.
    private static func streamInfo(_ movie: MP4Movie, iTunSMPB: String?, path: String) throws(DecodeError) -> StreamInfo {
        let track = movie.track
        let rate: Int, channels: Int, bits: Int, codec: String, lossless: Bool
        switch track.entry.codec {
        case .aac(let config):
            // faad2 says what it will output (HE-AAC doubles the rate); opening it decodes nothing.
            let format = try AACCodec(config: config, path: path).format
            (rate, channels, bits, codec, lossless) = (format.sampleRate, format.channels, 16, "AAC", false)
        case .alac(let config):
            let fields = ALACConfigFields(config)
            (rate, channels, bits, codec, lossless) = (track.entry.sampleRate, fields.channels, fields.bitDepth, "ALAC", true)
        }
        try PCMFormat.check(channels: channels, path: path)
        let gapless = MP4Gapless(track: track, movieTimescale: movie.movieTimescale, iTunSMPB: iTunSMPB, outputRate: rate)
        var bitrate: Int?
        if track.entry.averageBitrate > 0 {
            bitrate = (track.entry.averageBitrate + 500) / 1000
        } else if gapless.length > 0, rate > 0 {
            bitrate = Int((Double(track.table.totalBytes) * 8 * Double(rate) / Double(gapless.length) / 1000).rounded())
        }
        return StreamInfo(codec: codec, sampleRate: rate, channels: channels, bitsPerSample: bits,
                          durationFrames: gapless.length, exact: true, bitrate: bitrate, lossless: lossless)
    }
}
