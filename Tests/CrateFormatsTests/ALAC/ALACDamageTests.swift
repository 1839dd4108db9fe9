@testable import CrateFormats
import Foundation
import TestSupport
import XCTest

/// Damaged ALAC packets are refused with a reason (or decode to something harmless),
/// never crash, and are never read beyond their end.
final class ALACDamageTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws { dir = try AudioFixtures.temporaryDirectory("alac-damage") }
    override func tearDownWithError() throws { try FileManager.default.removeItem(atPath: dir) }

    private func fixture(channels: Int, bits: Int) throws -> MP4PacketWalker {
        let path = dir + "/music\(channels)-\(bits).m4a"
        let source = ALACFixtures.music(frames: 20_000, channels: channels, bits: bits, rate: 44100)
        try ALACFixtures.encode(source, rate: 44100, channels: channels, bits: bits, to: path)
        return try MP4PacketWalker(path: path)
    }

    /// Decodes the first `length` bytes of `packet` while the rest of it stays in memory
    /// right behind them: a decoder that read past its buffer would find real audio there
    /// and succeed, so only a decoder that stops at the end throws.
    private func decodePrefix(_ codec: ALACCodec, _ packet: [UInt8], length: Int) -> Result<Int, DecodeError> {
        var out = [Int32](repeating: 0, count: 2 * codec.maxFramesPerPacket)
        return packet.withUnsafeBytes { bytes in
            out.withUnsafeMutableBufferPointer { buffer in
                Result { () throws(DecodeError) -> Int in
                    try codec.decode(UnsafeRawBufferPointer(rebasing: bytes[0..<length]), into: buffer.baseAddress!)
                }
            }
        }
    }

    private func assertDamaged(_ result: Result<Int, DecodeError>, _ label: String,
                               file: StaticString = #filePath, line: UInt = #line) {
        switch result {
        case .success(let frames):
            XCTFail("\(label): decoded \(frames) frames instead of refusing", file: file, line: line)
        case .failure(let error):
            XCTAssertTrue(error.reason.hasPrefix("ALAC packet is damaged: "), "\(label): \(error.reason)", file: file, line: line)
            XCTAssertEqual(error.path, "damaged.m4a", file: file, line: line)
        }
    }

    /// Cut short anywhere before its audio ends (the last byte may hold only the END tag
    /// and padding, so 2 bytes off always cuts audio), every packet is refused.
    func testTruncatedPacketsAreRefusedWithoutReadingPastTheirEnd() throws {
        for (channels, bits) in [(2, 16), (1, 16), (2, 24)] {
            let file = try fixture(channels: channels, bits: bits)
            let codec = try ALACCodec(config: file.config, path: "damaged.m4a")
            for (i, packet) in file.packets.enumerated() {
                for length in [0, 1, 2, 5, packet.count / 2, packet.count - 2] {
                    assertDamaged(decodePrefix(codec, packet, length: length),
                                  "\(channels)ch \(bits)-bit packet \(i) cut to \(length) of \(packet.count) bytes")
                }
                // Whole, it still decodes: the codec kept no state from the failures.
                XCTAssertNoThrow(try decodePrefix(codec, packet, length: packet.count).get())
            }
        }
    }

    /// Reserved header bits set, a partial frame longer than a frame: refused by name.
    func testImpossibleHeadersAreRefusedWithAReason() throws {
        let file = try fixture(channels: 2, bits: 16)
        let codec = try ALACCodec(config: file.config, path: "damaged.m4a")
        var reserved = file.packets[0]
        reserved[1] ^= 0x40
        XCTAssertThrowsError(try ALACFixtures.decode(codec, reserved, into: &scratch)) {
            XCTAssertEqual(($0 as? DecodeError)?.reason, "ALAC packet is damaged: an element header has reserved bits set")
        }
        // CPE, partial flag, claiming 5000 samples of a 4096-sample frame.
        var bits = ALACBitWriter()
        bits.put(1, 3); bits.put(0, 4); bits.put(0, 12); bits.put(0b1000, 4); bits.put(5000, 32)
        XCTAssertThrowsError(try ALACFixtures.decode(codec, bits.bytes + [UInt8](repeating: 0, count: 64), into: &scratch)) {
            XCTAssertEqual(($0 as? DecodeError)?.reason,
                           "ALAC packet is damaged: a partial frame claims 5000 samples, more than the 4096 of a frame")
        }
        // A mono stream cannot hold a channel pair.
        let mono = try ALACCodec(config: try fixture(channels: 1, bits: 16).config, path: "damaged.m4a")
        XCTAssertThrowsError(try ALACFixtures.decode(mono, file.packets[0], into: &scratch))
    }

    private var scratch = [Int32](repeating: 0, count: 2 * 4096)

    /// Random bit flips in real packets, and packets of pure noise: each decode either
    /// refuses with a reason or yields at most a frame's worth; nothing traps. ALAC has no
    /// checksum: a flip inside a Rice code's low bits or a verbatim low byte keeps the
    /// bitstream in step and decodes (wrongly, as any decoder would), but a flip that
    /// shifts the codes puts the END tag out of place and is refused, and noise always is.
    func testFlippedBitsAndGarbageNeverCrash() throws {
        var random = SeededRandom(seed: 2024)
        for (channels, bits) in [(2, 16), (1, 16), (2, 24)] {
            let file = try fixture(channels: channels, bits: bits)
            let codec = try ALACCodec(config: file.config, path: "damaged.m4a")
            var flips = (refused: 0, decoded: 0)
            for trial in 0..<150 {
                var packet = file.packets[trial % file.packets.count]
                for _ in 0..<(1 + trial % 4) {
                    packet[Int.random(in: 0..<packet.count, using: &random)] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
                }
                tally(decodePrefix(codec, packet, length: packet.count), codec, &flips)
            }
            XCTAssertGreaterThan(flips.refused, 10, "\(channels)ch \(bits)-bit: flips that derail the codes are noticed")
            var noise = (refused: 0, decoded: 0)
            for _ in 0..<150 {
                let garbage = (0..<Int.random(in: 0..<300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
                tally(decodePrefix(codec, garbage, length: garbage.count), codec, &noise)
            }
            XCTAssertEqual(noise.refused, 150, "\(channels)ch \(bits)-bit: noise is never taken for audio")
        }
    }

    private func tally(_ result: Result<Int, DecodeError>, _ codec: ALACCodec, _ counts: inout (refused: Int, decoded: Int)) {
        switch result {
        case .success(let frames):
            XCTAssertLessThanOrEqual(frames, codec.maxFramesPerPacket)
            counts.decoded += 1
        case .failure(let error):
            XCTAssertTrue(error.reason.hasPrefix("ALAC packet is damaged: "), error.reason)
            counts.refused += 1
        }
    }
}

/// Test-only: writes ALAC bitstream fields, MSB first, to build packets by hand.
struct ALACBitWriter {
    private(set) var bytes: [UInt8] = []
    private var used = 0  // bits used in the last byte

    mutating func put(_ value: UInt64, _ count: Int) {
        for i in stride(from: count - 1, through: 0, by: -1) {
            if used == 0 { bytes.append(0) }
            if (value >> UInt64(i)) & 1 != 0 { bytes[bytes.count - 1] |= 0x80 >> UInt8(used) }
            used = (used + 1) % 8
        }
    }

    mutating func put(signed value: Int64, _ count: Int) {
        put(UInt64(bitPattern: value) & (count == 64 ? ~0 : (1 << UInt64(count)) - 1), count)
    }
}
