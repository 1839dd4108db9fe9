import CrateFormats
import Foundation
import TestSupport
import XCTest

/// A file arriving over the network: the decoder waits (reports `waiting`) for each
/// packet's bytes instead of reading past what has arrived, and an MP4 whose moov comes
/// after the audio is opened once the moov has arrived.
final class MP4StreamTests: XCTestCase {
    var dir = ""
    let frames = 44100 + 2222

    override func setUpWithError() throws { dir = try AudioFixtures.temporaryDirectory("mp4stream") }
    override func tearDownWithError() throws { try FileManager.default.removeItem(atPath: dir) }

    /// The bytes of a file, `arrived` of them so far. A read past them stands for a
    /// blocking read: it is counted, and the bytes it asked for "arrive".
    final class ArrivingSource: ByteSource {
        let bytes: [UInt8]
        var arrived: Int
        var blockedReads = 0

        init(_ bytes: [UInt8], arrived: Int) {
            self.bytes = bytes
            self.arrived = arrived
        }

        var size: Int? { bytes.count }  // a Content-Length

        func readyBytes(from offset: Int) -> Int { arrived >= bytes.count ? Int.max : max(0, arrived - offset) }

        func read(at offset: Int, into buffer: UnsafeMutableRawPointer, count: Int) throws(DecodeError) -> Int {
            if offset + count > arrived, arrived < bytes.count {
                blockedReads += 1
                arrived = min(bytes.count, offset + count)
            }
            let n = max(0, min(count, bytes.count - offset))
            if n > 0 { bytes.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress! + offset, byteCount: n) } }
            return n
        }
    }

    /// Reads to the end, letting `step` more bytes arrive whenever the decoder waits.
    private func play(_ decoder: any TrackDecoder, _ source: ArrivingSource, step: Int) throws -> (samples: [Int32], waits: Int) {
        var samples: [Int32] = []
        var waits = 0
        var buffer = [Int32](repeating: 0, count: 4096 * 2)
        while true {
            let n = try buffer.withUnsafeMutableBufferPointer { try decoder.read(into: $0.baseAddress!, maxFrames: 4096) }
            if n > 0 {
                samples += buffer[..<(n * 2)]
            } else if decoder.waiting {
                waits += 1
                source.arrived = min(source.bytes.count, source.arrived + step)
            } else {
                return (samples, waits)
            }
        }
    }

    func testMoovFirstStreamWaitsForEachPacket() throws {
        let path = dir + "/fast.m4a"
        try MP4Fixtures.encode(MP4Fixtures.sweep(frames: frames), to: path, options: ["-c:a", "aac", "-movflags", "+faststart"])
        let whole = try DecodeAll.samples32(path).samples
        let bytes = try FormatFixtures.bytes(path)
        let mdat = try XCTUnwrap(MP4BoxEditor(bytes).find(["mdat"]))
        let source = ArrivingSource(bytes, arrived: mdat.payload + 100)
        let decoder = try FormatRegistry.makeDecoder(source: source, path: path)
        XCTAssertEqual(source.blockedReads, 0, "opening reads only what has arrived")
        XCTAssertEqual(decoder.totalFrames, frames)
        let (samples, waits) = try play(decoder, source, step: 3000)
        XCTAssertEqual(source.blockedReads, 0, "decoding never reads past what has arrived")
        XCTAssertGreaterThan(waits, 5)
        XCTAssertEqual(samples, whole, "the stream plays exactly as the file")
    }

    func testMoovAfterTheAudioIsWaitedFor() throws {
        let path = dir + "/late.m4a"
        try MP4Fixtures.encode(MP4Fixtures.sweep(frames: frames), to: path)
        let whole = try DecodeAll.samples32(path).samples
        let bytes = try FormatFixtures.bytes(path)
        let moov = try XCTUnwrap(MP4BoxEditor(bytes).find(["moov"]))
        XCTAssertGreaterThan(moov.offset, bytes.count / 2, "ffmpeg puts the moov last")
        let source = ArrivingSource(bytes, arrived: 2000)
        let decoder = try FormatRegistry.makeDecoder(source: source, path: path)
        XCTAssertGreaterThan(source.blockedReads, 0, "the open waited for the moov")
        XCTAssertEqual(try play(decoder, source, step: 3000).samples, whole)
    }
}
