/// How long an Ogg stream plays, from granule positions: the last page's granule is the
/// PCM position at the end of the stream. Read from the file's tail (a few reads),
/// walking all page headers only for chained or multiplexed files.
enum OggLength {
    /// Bytes read from the end: twice the largest page, so a whole page is always in it.
    static let tailSize = 2 * OggPage.maxLength

    struct End: Equatable {
        var granule: Int64
        var serial: UInt32
        /// The page carries the end-of-stream flag: the stream is complete.
        var isLast: Bool
    }

    /// The last intact page with a granule in `tail`, and the last of `serial`.
    static func lastPages(in tail: [UInt8], serial: UInt32?) -> (any: End?, own: End?) {
        var anyEnd: End?
        var offset = tail.count - OggPage.fixedHeaderLength
        while offset >= 0 {
            defer { offset -= 1 }
            guard tail[offset] == 0x4F, let page = OggPage(tail, at: offset), page.granule != -1,
                  OggPage.isIntact(tail, at: offset, page: page)
            else { continue }
            let end = End(granule: page.granule, serial: page.serial, isLast: page.isLast)
            anyEnd = anyEnd ?? end
            if serial == nil || page.serial == serial { return (anyEnd, end) }
        }
        return (anyEnd, nil)
    }

    struct Total: Equatable {
        var frames: Int
        var exact: Bool
    }

    /// The length of `serial`'s stream from the tail; nil when the tail does not settle it
    /// (the stream is not the file's last, as in a chained file).
    static func fromTail(_ tail: [UInt8], serial: UInt32, preSkip: Int) -> Total? {
        let (last, own) = lastPages(in: tail, serial: serial)
        guard let own, last?.serial == serial else { return nil }
        // Without an end-of-stream page the file was cut: the length is what is there.
        return Total(frames: max(0, Int(own.granule) - preSkip), exact: own.isLast)
    }

    /// The summed length of every logical stream of `codec` in the file, walking page
    /// headers from `offset` (the first page after the headers). Each stream starts at
    /// granule 0, as encoders write them; an Opus stream's pre-skip is read from its head.
    static func walk(_ reader: OggPageReader, from offset: Int, codec: OggCodec,
                     first: (serial: UInt32, preSkip: Int)) throws(FormatReadError) -> Total {
        struct Link {
            var preSkip: Int
            var granule: Int64 = 0
            var ended = false
        }
        var links: [UInt32: Link] = [first.serial: Link(preSkip: first.preSkip)]
        var order = [first.serial]
        var at = offset
        var clean = true
        while at < reader.size {
            let head = try reader.read(at: at, count: OggPage.fixedHeaderLength + 255)
            guard let page = OggPage(head, at: 0), at + page.length <= reader.size else {
                clean = false
                break
            }
            if page.isFirst, links[page.serial] == nil {
                let packet = try reader.read(at: at + page.headerLength, count: min(page.bodyLength, 64))
                if packet.starts(with: codec.identificationSignature) {
                    do {
                        let identification = try OggIdentification.parse(packet, codec: codec)
                        links[page.serial] = Link(preSkip: identification.preSkip)
                        order.append(page.serial)
                    } catch {
                        // A link with a damaged head is not counted; the decoder says why it stops there.
                        clean = false
                    }
                }
            }
            if var link = links[page.serial] {
                if page.granule != -1 { link.granule = page.granule }
                link.ended = link.ended || page.isLast
                links[page.serial] = link
            }
            at += page.length
        }
        var frames = 0
        for serial in order {
            guard let link = links[serial] else { continue }
            frames += max(0, Int(link.granule) - link.preSkip)
            clean = clean && link.ended
        }
        return Total(frames: frames, exact: clean)
    }

    /// An estimate of a stream's length from its first bytes (`head`) and its whole
    /// `size`: the audio pages there give frames per byte (header pages have granule 0).
    /// Nil when no audio page is there yet.
    static func estimate(_ head: [UInt8], size: Int, preSkip: Int) -> Int? {
        var audioStart = 0
        var last: (end: Int, granule: Int64)?
        var offset = 0
        while let page = OggPage(head, at: offset), offset + page.length <= head.count {
            offset += page.length
            if page.granule == 0 { audioStart = offset }
            if page.granule > 0 { last = (offset, page.granule) }
        }
        guard let last, last.end > audioStart else { return nil }
        let framesPerByte = Double(last.granule) / Double(last.end - audioStart)
        return max(0, Int(Double(last.granule) + Double(size - last.end) * framesPerByte) - preSkip)
    }

    /// Whether the file whose last `tail` bytes are given ends with an end-of-stream page
    /// (a file cut short does not).
    static func endsCleanly(_ tail: [UInt8]) -> Bool {
        lastPages(in: tail, serial: nil).any?.isLast ?? false
    }
}
