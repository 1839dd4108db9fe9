/// Where every packet ("sample") of a track lies and when it plays, built from stts,
/// stsc, stsz/stz2 and stco/co64 into flat arrays: an hour of AAC is 155 000 packets,
/// so no object per packet.
struct MP4SampleTable {
    /// File offset of each packet.
    private(set) var offsets: [Int64] = []
    /// Byte size of each packet.
    private(set) var sizes: [Int32] = []
    /// Start time of each packet in the media timescale, plus the end of the last one.
    private(set) var starts: [Int64] = [0]
    /// The largest packet, for a read buffer allocated once.
    private(set) var maxSize = 0
    private(set) var totalBytes = 0

    var count: Int { sizes.count }
    var totalDuration: Int64 { starts[starts.count - 1] }

    /// More packets than this is damage, not music (about five days of AAC at 48 kHz).
    static let maxPackets = 20_000_000

    /// The packet playing at media time `time`: the last one starting at or before it.
    func packet(at time: Int64) -> Int {
        var low = 0, high = count  // starts[low] <= time < starts[high]
        while high - low > 1 {
            let mid = (low + high) / 2
            if starts[mid] <= time { low = mid } else { high = mid }
        }
        return low
    }

    /// Builds the table from the payloads of the `stbl` children. Tables that disagree
    /// on the packet count are cut to the packets all of them describe.
    static func build(stts: [UInt8], stsc: [UInt8], sizes sizeBox: (type: FourCC, payload: [UInt8]),
                      chunkOffsets: (type: FourCC, payload: [UInt8]), path: String) throws(DecodeError) -> MP4SampleTable {
        func fail(_ what: String) -> DecodeError { DecodeError(path: path, reason: "the sample table is damaged (\(what))") }
        var table = MP4SampleTable()
        let sizeList = try packetSizes(sizeBox, fail: fail)
        let count = sizeList.count
        guard count <= maxPackets else { throw fail("\(count) packets") }

        // stts: runs of (count, duration).
        var r = BigEndianReader(stts, at: 4)
        guard let runs = r.u32(), runs <= r.remaining / 8 else { throw fail("stts") }
        table.starts.reserveCapacity(count + 1)
        var time: Int64 = 0
        runLoop: for _ in 0..<runs {
            let runCount = r.u32()!, delta = r.u32()!
            for _ in 0..<runCount {
                guard table.starts.count <= count else { break runLoop }
                time += Int64(delta)
                table.starts.append(time)
            }
        }
        let timed = table.starts.count - 1

        // stsc: runs of chunks with the same number of packets; stco/co64: where each chunk starts.
        var c = BigEndianReader(chunkOffsets.payload, at: 4)
        let wide = chunkOffsets.type == "co64"
        guard let chunkCount = c.u32(), chunkCount <= c.remaining / (wide ? 8 : 4) else { throw fail("\(chunkOffsets.type)") }
        var s = BigEndianReader(stsc, at: 4)
        guard let stscCount = s.u32(), stscCount <= s.remaining / 12 else { throw fail("stsc") }
        var stscRuns: [(firstChunk: Int, perChunk: Int)] = []
        for _ in 0..<stscCount {
            let first = s.u32()!, perChunk = s.u32()!
            _ = s.u32()  // sample description index
            guard first >= 1, perChunk <= count, stscRuns.last.map({ first > $0.firstChunk }) ?? true else { throw fail("stsc") }
            stscRuns.append((first, perChunk))
        }
        let limit = min(count, timed)
        table.offsets.reserveCapacity(limit)
        table.sizes.reserveCapacity(limit)
        var run = 0
        chunkLoop: for chunk in stride(from: 1, through: chunkCount, by: 1) {
            while run + 1 < stscRuns.count, stscRuns[run + 1].firstChunk <= chunk { run += 1 }
            guard run < stscRuns.count, stscRuns[run].firstChunk <= chunk else { break }
            var offset = Int64(wide ? (c.u64() ?? 0) : c.u32()!)
            for _ in 0..<stscRuns[run].perChunk {
                let index = table.sizes.count
                guard index < limit else { break chunkLoop }
                let size = sizeList[index]
                table.offsets.append(offset)
                table.sizes.append(size)
                offset += Int64(size)
                table.totalBytes += Int(size)
                table.maxSize = max(table.maxSize, Int(size))
            }
        }
        table.starts.removeLast(table.starts.count - 1 - table.sizes.count)
        return table
    }

    /// stsz (one size for all, or one each) or stz2 (4-, 8- or 16-bit sizes).
    private static func packetSizes(_ box: (type: FourCC, payload: [UInt8]),
                                    fail: (String) -> DecodeError) throws(DecodeError) -> [Int32] {
        var r = BigEndianReader(box.payload, at: 4)
        if box.type == "stsz" {
            guard let uniform = r.u32(), let count = r.u32(), count <= maxPackets else { throw fail("stsz") }
            if uniform != 0 { return [Int32](repeating: Int32(truncatingIfNeeded: min(uniform, Int(Int32.max))), count: count) }
            guard count <= r.remaining / 4 else { throw fail("stsz is cut short") }
            return (0..<count).map { _ in Int32(truncatingIfNeeded: min(r.u32()!, Int(Int32.max))) }
        }
        guard r.skip(3), let fieldSize = r.u8(), let count = r.u32(), [4, 8, 16].contains(fieldSize),
              count <= r.remaining * 8 / fieldSize
        else { throw fail("stz2") }
        var sizes: [Int32] = []
        sizes.reserveCapacity(count)
        switch fieldSize {
        case 16: for _ in 0..<count { sizes.append(Int32(r.u16()!)) }
        case 8: for _ in 0..<count { sizes.append(Int32(r.u8()!)) }
        default:
            for i in 0..<count {
                let byte = Int32(box.payload[12 + i / 2])
                sizes.append(i % 2 == 0 ? byte >> 4 : byte & 0x0F)
            }
        }
        return sizes
    }
}
