import CratePosix

/// What the library needs of a FLAC file, read block by block from its metadata (never
/// the audio, never a picture's bytes): STREAMINFO, the Vorbis comments and where the
/// front cover sits.
struct FLACFileInfo: Equatable {
    var streamInfo: FLACStreamInfo
    var tags: TrackTags
    /// Where the first audio frame starts (after the last metadata block).
    var audioStart: Int
    var fileSize: Int
    /// The sample just past the last frame in the file (FLACLastFrame); nil when not found.
    var audioEnd: Int? = nil

    var stream: StreamInfo {
        let exact = streamInfo.totalSamples > 0
        let frames = exact ? streamInfo.totalSamples : streamInfo.estimatedFrames(audioBytes: fileSize - audioStart)
        let seconds = Double(frames) / Double(streamInfo.sampleRate)
        let bitrate = seconds > 0 ? Int((Double(fileSize - audioStart) * 8 / seconds / 1000).rounded()) : nil
        var truncation: String?
        if exact, let audioEnd, audioEnd < frames {
            let rate = Double(streamInfo.sampleRate)
            truncation = "truncated: the audio ends at \(formatSeconds(Double(audioEnd) / rate)) of the "
                + "\(formatSeconds(Double(frames) / rate)) its STREAMINFO gives"
        }
        return StreamInfo(codec: "FLAC", sampleRate: streamInfo.sampleRate, channels: streamInfo.channels,
                          bitsPerSample: streamInfo.bitsPerSample, durationFrames: frames, exact: exact,
                          bitrate: bitrate, lossless: true, truncation: truncation)
    }
}

enum FLACMetadataReader {
    /// The first look: an ID3v2 header, or the marker and STREAMINFO.
    static let headSize = 64
    /// How much of a PICTURE block is read to find where its image starts; a
    /// description longer than this is damage, not a caption.
    static let pictureHeaderLook = 64 * 1024
    /// A comment block larger than this is not read (it would be a picture smuggled into
    /// a comment); the tags are then missing and `problems` says why.
    static let maxCommentBlock = 4 * 1024 * 1024

    static func read(path: String) throws(FormatReadError) -> FLACFileInfo {
        let file: RegularFile
        do {
            file = try RegularFile(path: path)
        } catch {
            if case .notARegularFile = error { throw FormatReadError(path: path, reason: "not a FLAC file (\(error.reason))") }
            throw FormatReadError(path: path, reason: error.reason)
        }
        func bytes(at offset: Int, count: Int) throws(FormatReadError) -> [UInt8] {
            do {
                return try file.read(at: offset, count: count)
            } catch {
                throw FormatReadError(path: path, reason: "read failed: \(error.message)")
            }
        }
        let head = try bytes(at: 0, count: headSize)
        let marker = FLACStreamInfo.markerOffset(head)
        let start = marker == 0 ? head : try bytes(at: marker, count: FLACStreamInfo.headerSize)
        let streamInfo: FLACStreamInfo
        var isLast: Bool
        do {
            (streamInfo, isLast) = try FLACStreamInfo.parse(Array(start.prefix(FLACStreamInfo.headerSize)), afterID3: marker > 0)
        } catch {
            throw FormatReadError(path: path, reason: error.reason)
        }

        var tags = TrackTags()
        var sawComments = false
        var pictures: [(type: Int, location: ArtworkLocation)] = []
        var position = marker + FLACStreamInfo.headerSize
        var index = 1
        while !isLast {
            let header = try bytes(at: position, count: 4)
            guard header.count == 4 else {
                throw FormatReadError(path: path, reason: "truncated: the file ends inside its metadata (block \(index + 1))")
            }
            let block = FLACBlockHeader(header)
            isLast = block.isLast
            let type = block.type
            var length = block.length
            let body = position + 4
            guard body + length <= file.size else {
                throw FormatReadError(path: path, reason: "truncated: the \(FLACBlockType.name(type)) block runs past the end of the file")
            }
            switch type {
            case FLACBlockType.streamInfo:
                throw FormatReadError(path: path, reason: "damaged: a second STREAMINFO block (block \(index + 1))")
            case FLACBlockType.vorbisComment where !sawComments:
                sawComments = true
                guard length <= maxCommentBlock else {
                    tags.note("the VORBIS_COMMENT block (\(length) bytes) is too large to read")
                    break
                }
                var problems: [String] = []
                var comments = VorbisComments.parse(try bytes(at: body, count: length), problems: &problems)
                if !problems.isEmpty {
                    let look = try bytes(at: body, count: FLACCommentOverrun.lookLength(
                        declared: length, body: body, fileSize: file.size))
                    if let real = FLACCommentOverrun.realLength(look: look, declared: length, isLast: isLast) {
                        comments = VorbisComments.parse(Array(look.prefix(real)), problems: &problems)
                        problems = [FLACCommentOverrun.warning(declared: length, real: real)]
                        length = real
                    }
                }
                let found = tags
                tags = comments.tags
                tags.problems = found.problems
                for problem in problems { tags.note("VORBIS_COMMENT: \(problem)") }
            case FLACBlockType.picture:
                let look = try bytes(at: body, count: min(length, pictureHeaderLook))
                do {
                    let picture = try PictureBlock.parse(look, blockLength: length)
                    pictures.append((picture.type, ArtworkLocation(
                        offset: body + picture.dataOffset, length: picture.dataLength, mimeType: picture.mimeType)))
                } catch {
                    tags.note("the PICTURE block (block \(index + 1), \(length) bytes) is cut short: its picture is skipped")
                }
            default:
                break  // PADDING, APPLICATION, SEEKTABLE, CUESHEET, a second comment block: nothing to show
            }
            position = body + length
            index += 1
        }
        guard position < file.size else {
            throw FormatReadError(path: path, reason: "truncated: no audio after the metadata")
        }
        // Front cover (type 3) first, else whatever picture came first.
        tags.artwork = (pictures.first { $0.type == 3 } ?? pictures.first)?.location
        let tailStart = max(position, file.size - FLACLastFrame.tailSize)
        let end = FLACLastFrame.end(in: try bytes(at: tailStart, count: file.size - tailStart), info: streamInfo)
        return FLACFileInfo(streamInfo: streamInfo, tags: tags, audioStart: position, fileSize: file.size, audioEnd: end)
    }
}
