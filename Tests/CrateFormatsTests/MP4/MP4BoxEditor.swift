import Foundation
import TestSupport
import XCTest

/// Byte surgery on an MP4 for the cases no tool writes: renaming a box (an edit list
/// removed, a DRM sample entry), changing a number in place, or adding `ilst` items
/// when `moov` is the last box (so no chunk offset moves).
struct MP4BoxEditor {
    var bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    struct Found {
        let offset: Int
        let size: Int
        var payload: Int { offset + 8 }
    }

    /// How many bytes of fields come before a container's children.
    private static func childSkip(_ type: String) -> Int {
        switch type {
        case "meta": 4
        case "stsd": 8
        case "mp4a", "alac": 28
        default: 0
        }
    }

    /// The box at `path` from the top level ("moov", "trak", "mdia", …); the first match
    /// at each level.
    func find(_ path: [String]) -> Found? {
        var start = 0, end = bytes.count
        var found: Found?
        for (depth, type) in path.enumerated() {
            if depth > 0, let parent = found { start = parent.payload + Self.childSkip(path[depth - 1]) }
            found = nil
            var offset = start
            while offset + 8 <= end {
                let size = Int(u32(at: offset))
                guard size >= 8 else { return nil }
                if name(at: offset + 4) == type {
                    found = Found(offset: offset, size: size)
                    break
                }
                offset += size
            }
            guard let box = found else { return nil }
            end = box.offset + box.size
        }
        return found
    }

    func u32(at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    mutating func setU32(_ value: UInt32, at offset: Int) {
        for i in 0..<4 { bytes[offset + i] = UInt8(value >> (24 - 8 * UInt32(i)) & 0xFF) }
    }

    func name(at offset: Int) -> String { String(bytes[offset..<offset + 4].map { Character(Unicode.Scalar($0)) }) }

    /// Renames the box at `path` (same size, so nothing else moves).
    mutating func rename(_ path: [String], to type: String) throws {
        guard let box = find(path) else { throw FixtureError("no box \(path)") }
        bytes.replaceSubrange(box.offset + 4..<box.offset + 8, with: Self.fourCC(type))
    }

    /// Appends items to moov/udta/meta/ilst, growing every enclosing box; `moov` must be last.
    mutating func appendToILST(_ items: [UInt8]) throws {
        let chain = [["moov"], ["moov", "udta"], ["moov", "udta", "meta"], ["moov", "udta", "meta", "ilst"]]
        let boxes = chain.compactMap { find($0) }
        guard boxes.count == 4, let ilst = boxes.last, boxes[0].offset + boxes[0].size == bytes.count else {
            throw FixtureError("need moov last with udta/meta/ilst")
        }
        bytes.insert(contentsOf: items, at: ilst.offset + ilst.size)
        for box in boxes { setU32(UInt32(box.size + items.count), at: box.offset) }
    }

    static func fourCC(_ type: String) -> [UInt8] { type.unicodeScalars.map { UInt8($0.value & 0xFF) } }

    static func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let size = UInt32(8 + body.count)
        return [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)]
            + fourCC(type) + body
    }

    /// An ilst item holding one `data` box of `dataType` (1 UTF-8, 21 integer, 13 JPEG, 14 PNG, 0 binary).
    static func item(_ type: String, dataType: UInt8, _ value: [UInt8]) -> [UInt8] {
        box(type, box("data", [0, 0, 0, dataType, 0, 0, 0, 0] + value))
    }

    static func text(_ type: String, _ value: String) -> [UInt8] { item(type, dataType: 1, Array(value.utf8)) }

    /// A `----` item in the com.apple.iTunes space.
    static func freeform(_ name: String, _ value: String) -> [UInt8] {
        box("----", box("mean", [0, 0, 0, 0] + Array("com.apple.iTunes".utf8)) + box("name", [0, 0, 0, 0] + Array(name.utf8))
            + box("data", [0, 0, 0, 1, 0, 0, 0, 0] + Array(value.utf8)))
    }
}
