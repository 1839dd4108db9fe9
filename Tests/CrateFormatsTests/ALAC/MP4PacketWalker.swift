import Foundation
import TestSupport

/// Test-only: the bare minimum of an MP4 reader to feed ALACCodec without the real one.
/// Finds the first track's sample description config and its packets through the
/// stsd/stsz/stsc/stco (or co64) tables.
struct MP4PacketWalker {
    /// The 'alac' sample entry's child box, whole: size, 'alac', version/flags, 24 config bytes.
    let alacBox: [UInt8]
    let packets: [[UInt8]]

    /// The 24-byte ALACSpecificConfig alone.
    var config: [UInt8] { Array(alacBox[12..<36]) }

    init(path: String) throws {
        let file = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let top = Self.boxes(file, file.indices)
        guard let moov = top["moov"], let trak = Self.boxes(file, moov)["trak"],
              let mdia = Self.boxes(file, trak)["mdia"], let minf = Self.boxes(file, mdia)["minf"] else {
            throw FixtureError("\(path): no moov/trak/mdia/minf")
        }
        let stbl = Self.boxes(file, Self.boxes(file, minf)["stbl"] ?? 0..<0)
        guard let stsd = stbl["stsd"], let stsz = stbl["stsz"], let stsc = stbl["stsc"] else {
            throw FixtureError("\(path): sample table incomplete")
        }
        // stsd: version/flags, entry count, then the 'alac' entry: 28 bytes of audio sample
        // entry fields before its child boxes.
        let entry = Self.boxes(file, (stsd.lowerBound + 8)..<stsd.upperBound)
        guard let alacEntry = entry["alac"],
              let inner = Self.boxes(file, (alacEntry.lowerBound + 28)..<alacEntry.upperBound)["alac"] else {
            throw FixtureError("\(path): no alac sample entry")
        }
        alacBox = Array(file[(inner.lowerBound - 8)..<inner.upperBound])

        func u32(_ at: Int) -> Int { file[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        func u64(_ at: Int) -> Int { file[at..<at + 8].reduce(0) { $0 << 8 | Int($1) } }
        let fixedSize = u32(stsz.lowerBound + 4)
        let count = u32(stsz.lowerBound + 8)
        let sizes = (0..<count).map { fixedSize != 0 ? fixedSize : u32(stsz.lowerBound + 12 + 4 * $0) }

        var chunkOffsets: [Int] = []
        if let stco = stbl["stco"] {
            chunkOffsets = (0..<u32(stco.lowerBound + 4)).map { u32(stco.lowerBound + 8 + 4 * $0) }
        } else if let co64 = stbl["co64"] {
            chunkOffsets = (0..<u32(co64.lowerBound + 4)).map { u64(co64.lowerBound + 8 + 8 * $0) }
        }
        let runs = (0..<u32(stsc.lowerBound + 4)).map { i in
            (firstChunk: u32(stsc.lowerBound + 8 + 12 * i), perChunk: u32(stsc.lowerBound + 12 + 12 * i))
        }
        var packets: [[UInt8]] = []
        for (index, offset) in chunkOffsets.enumerated() {
            let perChunk = runs.last(where: { $0.firstChunk <= index + 1 })?.perChunk ?? 0
            var at = offset
            for _ in 0..<perChunk where packets.count < sizes.count {
                let size = sizes[packets.count]
                packets.append(Array(file[at..<at + size]))
                at += size
            }
        }
        guard packets.count == count else { throw FixtureError("\(path): found \(packets.count) of \(count) packets") }
        self.packets = packets
    }

    /// The child boxes in `range` by type (the first of each type), as payload ranges.
    static func boxes(_ file: [UInt8], _ range: Range<Int>) -> [String: Range<Int>] {
        var found: [String: Range<Int>] = [:]
        var at = range.lowerBound
        while at + 8 <= range.upperBound {
            var size = file[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: file[at + 4..<at + 8], as: UTF8.self)
            var header = 8
            if size == 1 {
                size = file[at + 8..<at + 16].reduce(0) { $0 << 8 | Int($1) }
                header = 16
            } else if size == 0 {
                size = range.upperBound - at
            }
            guard size >= header, at + size <= range.upperBound else { break }
            if found[type] == nil { found[type] = (at + header)..<(at + size) }
            at += size
        }
        return found
    }
}
