@testable import CrateFormats
import Foundation
import XCTest

/// The config forms an MP4 reader may hand over, the formats refused, and hand-built
/// packets for what ffmpeg does not write: 20- and 32-bit audio, skipped data/fill
/// elements, a stereo stream sent as two single-channel elements.
final class ALACConfigAndVerbatimTests: XCTestCase {
    private func config(frameLength: Int = 4096, bitDepth: Int = 16, channels: Int = 2, rate: Int = 44100,
                        version: UInt8 = 0) -> [UInt8] {
        func be(_ v: Int, _ n: Int) -> [UInt8] { (0..<n).reversed().map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        return be(frameLength, 4) + [version, UInt8(bitDepth), 40, 10, 14, UInt8(channels)] + be(255, 2)
            + be(0, 4) + be(0, 4) + be(rate, 4)
    }

    func testConfigIsFoundInsideItsBoxOrAfterVersionAndFlags() throws {
        let plain = config(bitDepth: 24, rate: 96000)
        let box = [0, 0, 0, 36] + Array("alac".utf8) + [0, 0, 0, 0] + plain
        let versioned = [0, 0, 0, 0] + plain
        for (label, cookie) in [("24 bytes", plain), ("alac box", box), ("version/flags", versioned)] {
            let codec = try ALACCodec(config: cookie, path: "x.m4a")
            XCTAssertEqual(codec.format, PCMFormat(sampleRate: 96000, channels: 2, bitsPerSample: 24), label)
            XCTAssertEqual(codec.maxFramesPerPacket, 4096, label)
        }
    }

    func testUnplayableConfigsAreRefusedWithAReason() {
        let cases: [([UInt8], String)] = [
            (config(channels: 6), "6 channels not supported (Crate plays mono and stereo)"),
            (config(bitDepth: 8), "ALAC bit depth 8 not supported"),
            (config(version: 1), "ALAC version 1 not supported"),
            (config(frameLength: 0), "ALAC config is damaged: frame length 0"),
            (Array(config().prefix(20)), "ALAC config is too short (20 bytes, needs 24)"),
        ]
        for (cookie, reason) in cases {
            XCTAssertThrowsError(try ALACCodec(config: cookie, path: "x.m4a")) {
                XCTAssertEqual($0 as? DecodeError, DecodeError(path: "x.m4a", reason: reason))
            }
        }
    }

    /// An element header: tag, instance, 12 reserved bits, flags (partial + escape), count.
    private func verbatimHeader(_ bits: inout ALACBitWriter, tag: UInt64, frames: Int) {
        bits.put(tag, 3); bits.put(0, 4); bits.put(0, 12); bits.put(0b1001, 4); bits.put(UInt64(frames), 32)
    }

    /// Extreme values of `depth` bits, alternating sign, different per channel.
    private func extremes(_ depth: Int, frames: Int, channel: Int) -> [Int64] {
        let top = Int64(1) << (depth - 1)
        let third: Int64 = (top - 1) / 3 - Int64(channel)
        return (0..<frames).map { i -> Int64 in
            let values: [Int64] = [top - 1, -top, 0, -1, 1, third, -(top / 5) + Int64(i)]
            return values[(i + channel) % 7]
        }
    }

    private func decode(_ codec: ALACCodec, _ packet: [UInt8]) throws -> [Int32] {
        var out = [Int32](repeating: 0, count: 2 * codec.maxFramesPerPacket)
        let frames = try ALACFixtures.decode(codec, packet, into: &out)
        return Array(out[0..<2 * frames])
    }

    /// 32-bit stereo verbatim behind a data-stream and a fill element: those are skipped,
    /// the samples arrive untouched (32-bit needs no left shift).
    func testVerbatim32BitPairAfterSkippedElements() throws {
        let codec = try ALACCodec(config: config(bitDepth: 32), path: "x.m4a")
        var bits = ALACBitWriter()
        bits.put(6, 3); bits.put(1, 4); bits.put(0xEE, 8)               // FIL, 1 byte
        bits.put(4, 3); bits.put(1, 1); bits.put(3, 8)                 // DSE, byte-aligned, 3 bytes
        bits.put(0, 5)                                                  // (alignment)
        bits.put(0xABCDEF, 24)
        let left = extremes(32, frames: 9, channel: 0), right = extremes(32, frames: 9, channel: 1)
        verbatimHeader(&bits, tag: 1, frames: 9)
        for i in 0..<9 { bits.put(signed: left[i], 32); bits.put(signed: right[i], 32) }
        bits.put(7, 3)
        let expected = (0..<9).flatMap { [Int32(left[$0]), Int32(right[$0])] }
        XCTAssertEqual(try decode(codec, bits.bytes), expected)
    }

    /// 20-bit stereo sent as two single-channel elements, then 20-bit mono: left-justified
    /// by 12 bits, mono on both sides.
    func testVerbatim20BitAsTwoSingleChannelsAndMono() throws {
        let stereo = try ALACCodec(config: config(bitDepth: 20), path: "x.m4a")
        let left = extremes(20, frames: 11, channel: 0), right = extremes(20, frames: 11, channel: 1)
        var bits = ALACBitWriter()
        verbatimHeader(&bits, tag: 0, frames: 11)
        for v in left { bits.put(signed: v, 20) }
        verbatimHeader(&bits, tag: 0, frames: 11)
        for v in right { bits.put(signed: v, 20) }
        bits.put(7, 3)
        XCTAssertEqual(try decode(stereo, bits.bytes), (0..<11).flatMap { [Int32(left[$0]) << 12, Int32(right[$0]) << 12] })

        let mono = try ALACCodec(config: config(bitDepth: 20, channels: 1), path: "x.m4a")
        var monoBits = ALACBitWriter()
        verbatimHeader(&monoBits, tag: 0, frames: 11)
        for v in left { monoBits.put(signed: v, 20) }
        monoBits.put(7, 3)
        XCTAssertEqual(try decode(mono, monoBits.bytes), left.flatMap { [Int32($0) << 12, Int32($0) << 12] })
    }
}
