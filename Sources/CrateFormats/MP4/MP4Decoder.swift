/// Decodes the sound track of an MP4 packet by packet, reading each packet where the
/// sample table puts it, through the byte source (a file or a stream still arriving).
/// Every packet's output is placed at the packet's own time, so the gapless trim and
/// seeks are exact: frames before the priming (or the seek target) and after the
/// track's length are dropped. Not thread-safe: one owner thread.
final class MP4Decoder: TrackDecoder {
    let path: String
    let format: PCMFormat
    let codec: String
    let totalFrames: Int
    let lengthIsExact = true
    private(set) var waiting = false

    private let cursor: ByteCursor
    private let audio: any MP4AudioCodec
    private let table: MP4SampleTable
    private let clock: MediaClock
    /// Output frames before the track starts (encoder priming).
    private let priming: Int
    /// Packets decoded and thrown away before a seek target, so the codec's state
    /// (AAC's overlapping windows) is what it would be in a whole decode.
    private let preroll: Int
    private let packetBytes: UnsafeMutableRawPointer
    private let decoded: UnsafeMutablePointer<Int32>
    private var nextPacket = 0
    /// Frames of `decoded` still to hand out: [pendingFrom, pendingTo).
    private var pendingFrom = 0
    private var pendingTo = 0
    /// The output frame (counting the priming) before which decoded frames are dropped.
    private var skipUntil: Int
    private var ended = false

    /// A packet larger than this is damage (ALAC's largest is a few hundred kB).
    static let maxPacketSize = 16 << 20

    init(source: any ByteSource, path: String) throws(DecodeError) {
        self.path = path
        cursor = ByteCursor(source)
        let reader = MP4BoxReader(cursor: cursor, path: path)
        let movie = try MP4Movie.read(reader)
        var iTunSMPB: String?
        if let ilst = movie.ilst { iTunSMPB = try MP4Tags.read(ilst: ilst, reader: reader).iTunSMPB }
        audio = try Self.makeCodec(movie.track.entry.codec, path: path)
        format = audio.format
        try PCMFormat.check(channels: format.channels, path: path)
        codec = audio.codecName
        table = movie.track.table
        guard table.maxSize <= Self.maxPacketSize else {
            throw DecodeError(path: path, reason: "the sample table is damaged (a \(table.maxSize)-byte packet)")
        }
        clock = MediaClock(timescale: movie.track.timescale, outputRate: format.sampleRate)
        let gapless = MP4Gapless(track: movie.track, movieTimescale: movie.movieTimescale,
                                 iTunSMPB: iTunSMPB, outputRate: format.sampleRate)
        priming = gapless.priming
        totalFrames = gapless.length
        skipUntil = priming
        switch movie.track.entry.codec {
        case .aac:
            // One packet settles AAC-LC's overlapping windows; HE-AAC's SBR filterbanks and
            // envelopes reach a little further back, and a few packets cost nothing on a seek.
            preroll = 3
        case .alac:
            preroll = 0  // every ALAC packet stands alone
        }
        packetBytes = .allocate(byteCount: max(1, table.maxSize), alignment: 16)
        decoded = .allocate(capacity: max(1, audio.maxFramesPerPacket) * 2)
    }

    deinit {
        packetBytes.deallocate()
        decoded.deallocate()
    }

    static func makeCodec(_ codec: MP4Codec, path: String) throws(DecodeError) -> any MP4AudioCodec {
        switch codec {
        case .aac(let config): try AACCodec(config: config, path: path)
        case .alac(let config): try ALACCodec(config: config, path: path)
        }
    }

    func read(into buffer: UnsafeMutablePointer<Int32>, maxFrames: Int) throws(DecodeError) -> Int {
        waiting = false
        var done = 0
        while done < maxFrames {
            if pendingFrom < pendingTo {
                let n = min(maxFrames - done, pendingTo - pendingFrom)
                (buffer + done * 2).update(from: decoded + pendingFrom * 2, count: n * 2)
                done += n
                pendingFrom += n
                continue
            }
            guard !ended, nextPacket < table.count else { break }
            let offset = Int(table.offsets[nextPacket]), size = Int(table.sizes[nextPacket])
            // A stream decodes a packet only once all of its bytes are there.
            _ = cursor.seek(offset, whence: 0)
            if cursor.shouldWait(lead: size) {
                waiting = done == 0
                break
            }
            guard try readPacket(at: offset, size: size) else {
                ended = true  // the file is cut short inside this packet: play what came before
                break
            }
            try decodePacket(size: size)
        }
        return done
    }

    /// Reads the whole packet into `packetBytes`; false when the data ends first.
    private func readPacket(at offset: Int, size: Int) throws(DecodeError) -> Bool {
        var got = 0
        while got < size {
            let n = try cursor.source.read(at: offset + got, into: packetBytes + got, count: size - got)
            if n == 0 { return false }
            got += n
        }
        return true
    }

    private func decodePacket(size: Int) throws(DecodeError) {
        let index = nextPacket
        nextPacket += 1
        let start = clock.frames(table.starts[index])
        let end = priming + totalFrames
        guard start < end else {
            ended = true
            return
        }
        var frames = try audio.decode(UnsafeRawBufferPointer(start: packetBytes, count: size), into: decoded)
        if frames == 0 {
            // The codec's start-up packet: it stands for the packet's length of silence.
            frames = max(0, min(clock.frames(table.starts[index + 1]) - start, audio.maxFramesPerPacket))
            decoded.update(repeating: 0, count: frames * 2)
        }
        let from = max(start, skipUntil), to = min(start + frames, end)
        if from < to {
            pendingFrom = from - start
            pendingTo = to - start
        }
    }

    func seek(toFrame frame: Int) throws(DecodeError) {
        let target = priming + max(0, min(frame, totalFrames))
        let packet = table.packet(at: clock.mediaTime(target))
        nextPacket = max(0, packet - preroll)
        audio.reset()
        pendingFrom = 0
        pendingTo = 0
        skipUntil = target
        ended = false
        waiting = false
    }
}
