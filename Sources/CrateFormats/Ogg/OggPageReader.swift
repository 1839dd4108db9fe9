import CratePosix

/// Reads an Ogg file page by page from a byte offset, each page in two bounded reads
/// (header, body): the metadata reader walks the header pages this way and never
/// loads the audio.
final class OggPageReader {
    struct Page {
        var header: OggPage
        var body: [UInt8]
        /// Where the page starts in the file.
        var offset: Int
    }

    enum Outcome {
        case page(Page)
        /// The file ends exactly here.
        case end
        /// The file ends inside the page starting at this offset.
        case cutShort(at: Int)
        /// No valid page starts at this offset (no "OggS", another version, a bad checksum).
        case damaged(at: Int, reason: String)
    }

    let path: String
    let size: Int
    private let file: RegularFile
    private(set) var offset: Int

    init(file: RegularFile, path: String, offset: Int = 0) {
        self.file = file
        self.path = path
        self.size = file.size
        self.offset = offset
    }

    func next() throws(FormatReadError) -> Outcome {
        let start = offset
        let head = try read(at: start, count: OggPage.fixedHeaderLength + 255)
        if head.isEmpty { return .end }
        guard let header = OggPage(head, at: 0) else {
            let prefix = min(head.count, 4)
            if head.count < OggPage.fixedHeaderLength, head[0..<prefix].elementsEqual(OggPage.capture[0..<prefix]) {
                return .cutShort(at: start)
            }
            if head.starts(with: OggPage.capture) {
                return head.count > 4 && head[4] != 0 ? .damaged(at: start, reason: "Ogg version \(head[4])")
                    : .cutShort(at: start)
            }
            return .damaged(at: start, reason: "no Ogg page")
        }
        let body = try read(at: start + header.headerLength, count: header.bodyLength)
        guard body.count == header.bodyLength else { return .cutShort(at: start) }
        let whole = Array(head[0..<header.headerLength]) + body
        guard OggPage.isIntact(whole, at: 0, page: header) else {
            return .damaged(at: start, reason: "checksum mismatch")
        }
        offset = start + header.length
        return .page(Page(header: header, body: body, offset: start))
    }

    func read(at offset: Int, count: Int) throws(FormatReadError) -> [UInt8] {
        do {
            return try file.read(at: offset, count: count)
        } catch {
            throw FormatReadError(path: path, reason: "read failed: \(error.message)")
        }
    }
}

/// Joins the segments of one logical stream's pages into packets: a lacing value
/// below 255 ends a packet, so a packet (a comment header with a big picture) may run
/// over many pages.
struct OggPacketAssembler {
    let serial: UInt32
    /// The largest packet accepted; a bigger one is damage or abuse, not a tag.
    let limit: Int
    private var partial: [UInt8] = []
    /// A packet began on an earlier page and is still open.
    private var open = false

    init(serial: UInt32, limit: Int) {
        self.serial = serial
        self.limit = limit
    }

    /// The bytes of the packet still open at the end of the pages seen so far.
    var pendingBytes: Int { partial.count }

    /// Adds one page of this stream; returns the packets it completes.
    mutating func add(_ page: OggPageReader.Page) throws(PacketTooLarge) -> [[UInt8]] {
        var packets: [[UInt8]] = []
        // A continuation whose start was never seen, or a start while a packet is open:
        // the broken packet is dropped, as libogg does.
        var skipping = page.header.continuesPacket && !open
        if !page.header.continuesPacket { partial.removeAll() }
        var at = 0
        for lace in page.header.lacing {
            let length = Int(lace)
            if !skipping {
                guard partial.count + length <= limit else { throw PacketTooLarge() }
                partial += page.body[at..<at + length]
            }
            at += length
            if length < 255 {
                if !skipping { packets.append(partial) }
                partial.removeAll()
                skipping = false
            }
        }
        if let last = page.header.lacing.last { open = last == 255 && !skipping }
        return packets
    }

    struct PacketTooLarge: Error {}
}
