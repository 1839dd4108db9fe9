import CratePosix

/// Tags and stream facts of an Ogg Vorbis or Opus file, read in bounded pieces: the
/// header pages from the start (the comment packet may span many pages), the last page's
/// granule from the tail for the exact length.
enum OggMetadataReader {
    /// The largest header packet read; a bigger comment header keeps its tags unread.
    static let maxHeaderPacket = 32 << 20

    /// The header packets of the first logical stream of a codec.
    struct Headers {
        var serial: UInt32
        var identification: OggIdentification
        var comments: VorbisComments
        var problems: [String]
        /// Where the first page after the header pages starts.
        var audioOffset: Int
    }

    static func read(path: String, codec: OggCodec) throws(FormatReadError) -> TrackMetadata {
        let reader = try open(path)
        let headers = try readHeaders(reader, codec: codec)
        let identification = headers.identification
        let tailStart = max(headers.audioOffset, reader.size - OggLength.tailSize)
        let tail = try reader.read(at: tailStart, count: reader.size - tailStart)
        let total: OggLength.Total
        if let end = OggLength.fromTail(tail, serial: headers.serial, preSkip: identification.preSkip) {
            total = end
        } else {
            // The last page belongs to another stream (a chained file): add up every link.
            total = try OggLength.walk(reader, from: headers.audioOffset, codec: codec,
                                       first: (headers.serial, identification.preSkip))
        }
        guard total.frames > 0 else { throw FormatReadError(path: path, reason: "truncated: no audio after the headers") }
        let seconds = Double(total.frames) / Double(identification.sampleRate)
        let average = Int((Double(reader.size - headers.audioOffset) * 8 / seconds / 1000).rounded())
        let tags = OggComments.tags(headers.comments, codec: codec, problems: headers.problems)
        return TrackMetadata(tags: tags, stream: StreamInfo(
            codec: codec.name, sampleRate: identification.sampleRate, channels: identification.channels,
            bitsPerSample: 16, durationFrames: total.frames, exact: total.exact,
            bitrate: identification.nominalBitrate.map { ($0 + 500) / 1000 } ?? average, lossless: false,
            // Encoders end every stream with an end-of-stream page: without it the file was cut.
            truncation: total.exact ? nil : "truncated: the stream stops at \(formatSeconds(seconds)) "
                + "with no end-of-stream page"))
    }

    /// The image bytes of the picture `read` points `tags.artwork` at.
    static func picture(path: String, codec: OggCodec) throws(FormatReadError) -> [UInt8]? {
        let headers = try readHeaders(try open(path), codec: codec)
        var problems: [String] = []
        guard let picture = OggComments.picture(headers.comments, problems: &problems) else { return nil }
        guard let image = OggComments.image(of: picture) else {
            throw FormatReadError(path: path, reason: "the embedded picture is damaged")
        }
        return image
    }

    static func open(_ path: String) throws(FormatReadError) -> OggPageReader {
        let file: RegularFile
        do {
            file = try RegularFile(path: path)
        } catch {
            if case .notARegularFile = error { throw FormatReadError(path: path, reason: "not an Ogg file (\(error.reason))") }
            throw FormatReadError(path: path, reason: error.reason)
        }
        let reader = OggPageReader(file: file, path: path)
        if let reason = OggSignature.notOggReason(try reader.read(at: 0, count: 64)) {
            throw FormatReadError(path: path, reason: reason)
        }
        return reader
    }

    /// Walks pages from the start to the end of the first `codec` stream's header packets:
    /// identification and comments (and Vorbis's setup header, without which nothing plays).
    static func readHeaders(_ reader: OggPageReader, codec: OggCodec) throws(FormatReadError) -> Headers {
        let path = reader.path
        if let problem = OggSignature.firstPageProblem(try reader.read(at: 0, count: OggPage.maxLength)) {
            throw FormatReadError(path: path, reason: "not an Ogg file (damaged first page: \(problem))")
        }
        var stream: (serial: UInt32, assembler: OggPacketAssembler)?
        var others: [String] = []
        var packets: [[UInt8]] = []
        let needed = codec == .vorbis ? 3 : 2
        var problems: [String] = []
        func part(_ count: Int) -> String {
            switch count {
            case 0: "the \(codec.name) identification header"
            case 1: "the comment header"
            default: "the Vorbis setup header"
            }
        }
        while packets.count < needed {
            let page: OggPageReader.Page
            switch try reader.next() {
            case .page(let next):
                page = next
            case .end, .cutShort:
                if stream == nil, let other = others.first {
                    throw FormatReadError(path: path, reason: "an Ogg file holding \(other), not \(codec.name)")
                }
                throw FormatReadError(path: path, reason: "truncated: \(part(packets.count)) is cut short")
            case .damaged(let at, let reason):
                throw FormatReadError(path: path, reason: at == 0 ? "not an Ogg file (damaged first page: \(reason))"
                    : "damaged Ogg page at byte \(at) (\(reason)) in \(part(packets.count))")
            }
            if stream == nil {
                // All first pages of the streams of a file come first; take the first of this codec.
                guard page.header.isFirst else {
                    throw FormatReadError(path: path, reason: others.isEmpty ? "damaged Ogg file: no stream start"
                        : "an Ogg file holding \(others[0]), not \(codec.name)")
                }
                // The first page of a stream holds exactly its identification packet (both specs say so).
                let first = Array(page.body.prefix(page.header.lacing.prefix { $0 == 255 }.count * 255
                    + Int(page.header.lacing.first { $0 < 255 } ?? 0)))
                guard first.starts(with: codec.identificationSignature) else {
                    others.append(OggCodec.describe(firstPacket: first))
                    continue
                }
                stream = (page.header.serial, OggPacketAssembler(serial: page.header.serial, limit: maxHeaderPacket))
                packets.append(first)
                continue
            }
            guard var current = stream, page.header.serial == current.serial else { continue }
            do {
                packets += try current.assembler.add(page)
            } catch {
                problems.append("the comment header is larger than \(maxHeaderPacket >> 20) MB; tags not read")
                break
            }
            stream = current
        }
        guard let stream else { throw FormatReadError(path: path, reason: "damaged Ogg file: no stream start") }
        let identification: OggIdentification
        do {
            identification = try OggIdentification.parse(packets[0], codec: codec)
        } catch {
            throw FormatReadError(path: path, reason: error.reason)
        }
        var comments = VorbisComments()
        if packets.count > 1 {
            guard packets[1].starts(with: codec.commentSignature) else {
                throw FormatReadError(path: path, reason: "damaged: the second packet is not a \(codec.name) comment header")
            }
            comments = OggComments.parse(packets[1], codec: codec, problems: &problems)
        }
        return Headers(serial: stream.serial, identification: identification, comments: comments,
                       problems: problems, audioOffset: reader.offset)
    }
}
