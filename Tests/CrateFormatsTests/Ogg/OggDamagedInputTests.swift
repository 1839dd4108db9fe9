@testable import CrateFormats
import Foundation
import TestSupport
import XCTest

/// Bad Ogg input never crashes, hangs or plays noise: it is refused with a reason, or
/// what it holds is played.
final class OggDamagedInputTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws { dir = try AudioFixtures.temporaryDirectory("oggbad") }
    override func tearDownWithError() throws { try FileManager.default.removeItem(atPath: dir) }

    private func metadataReason(_ format: any AudioFormat, _ path: String) -> String? {
        do {
            _ = try format.readMetadata(path: path)
            return nil
        } catch {
            return error.reason
        }
    }

    private func decoderReason(_ format: any AudioFormat, _ path: String) -> String? {
        do {
            _ = try format.makeDecoder(source: try FileByteSource(path: path), path: path)
            return nil
        } catch {
            return error.reason
        }
    }

    /// A file cut in the middle plays up to the last whole page; without its end-of-stream
    /// page its length is not claimed as exact, and the metadata agrees with the decoder.
    func testTruncatedFilePlaysWhatItHolds() throws {
        for name in ["cut.ogg", "cut.opus"] {
            let path = "\(dir)/\(name)"
            let frames = 3 * 48000
            if name.hasSuffix("ogg") {
                try OggFixtures.vorbis(path, rate: 48000, frames: frames, noise: 0.05)
            } else {
                try OggFixtures.opus(path, frames: frames, noise: 0.05, options: ["--max-delay", "100"])
            }
            let (_, whole) = try DecodeAll.samples32(path)
            let bytes = try FormatFixtures.bytes(path)
            try FormatFixtures.write(Array(bytes.prefix(bytes.count / 2)), to: path)

            let metadata = try FormatRegistry.readMetadata(path: path)
            XCTAssertFalse(metadata.stream.exact, name)
            XCTAssertGreaterThan(metadata.stream.durationFrames, frames / 4, name)
            XCTAssertLessThan(metadata.stream.durationFrames, frames * 3 / 4, name)
            let (decoder, decoded) = try DecodeAll.samples32(path)
            XCTAssertFalse(decoder.lengthIsExact, name)
            XCTAssertEqual(decoder.totalFrames, metadata.stream.durationFrames, name)
            XCTAssertEqual(decoded.count / 2, decoder.totalFrames, "frames decoded, \(name)")
            XCTAssertTrue(decoded == Array(whole.prefix(decoded.count)), "the same samples as the whole file's start, \(name)")
        }
    }

    func testFilesThatAreNotOggVorbisOrOpus() throws {
        let vorbis = OggVorbisFormat(), opus = OpusFormat()
        let empty = "\(dir)/empty.ogg"
        try FormatFixtures.write([], to: empty)
        XCTAssertEqual(metadataReason(vorbis, empty), "empty file")
        XCTAssertEqual(decoderReason(opus, empty), "empty file")
        XCTAssertThrowsError(try DecodeAll.open(empty)) { XCTAssertEqual(($0 as? DecodeError)?.reason, "empty file") }

        // "OggS" and then garbage: the first page's version and checksum give it away.
        var garbage = Array("OggS".utf8) + [0x37]
        var state: UInt32 = 7
        while garbage.count < 5000 {
            state = state &* 1_664_525 &+ 1_013_904_223
            garbage.append(UInt8(truncatingIfNeeded: state >> 24))
        }
        let damaged = "\(dir)/garbage.ogg"
        try FormatFixtures.write(garbage, to: damaged)
        XCTAssertEqual(try FormatRegistry.format(ofFile: damaged).name, "Ogg Vorbis", "by its name")
        XCTAssertEqual(metadataReason(vorbis, damaged), "not an Ogg file (damaged first page: Ogg version 55)")
        XCTAssertEqual(decoderReason(vorbis, damaged), "not an Ogg file (damaged first page: Ogg version 55)")
        garbage[4] = 0
        try FormatFixtures.write(garbage, to: damaged)
        XCTAssertEqual(metadataReason(opus, damaged), "not an Ogg file (damaged first page: not the start of a stream)")
        XCTAssertEqual(decoderReason(opus, damaged), "not an Ogg file (damaged first page: not the start of a stream)")
        // A real first page with one byte changed.
        var flipped = try FormatFixtures.bytes(writeOpus())
        flipped[40] ^= 0x01
        try FormatFixtures.write(flipped, to: damaged)
        XCTAssertEqual(metadataReason(opus, damaged), "not an Ogg file (damaged first page: checksum mismatch)")
        XCTAssertEqual(decoderReason(opus, damaged), "not an Ogg file (damaged first page: checksum mismatch)")

        // An MP3 called .ogg plays as the MP3 it is; asked as Ogg, it says what it is.
        let mp3 = "\(dir)/song.ogg"
        try AudioFixtures.encodeMP3(AudioFixtures.sweep(rate: 44100, seconds: 0.5), rate: 44100, channels: 2,
                                    encoding: .cbr(kbps: 128), to: mp3)
        XCTAssertEqual(try FormatRegistry.readMetadata(path: mp3).stream.codec, "MP3")
        XCTAssertEqual(try DecodeAll.open(mp3).codec, "MP3")
        XCTAssertEqual(metadataReason(vorbis, mp3), "not an Ogg file (it is an MP3 file)")
        XCTAssertEqual(decoderReason(opus, mp3), "not an Ogg file (it is an MP3 file)")

        // Opus called .ogg plays as Opus; asked as Vorbis it names the codec it holds.
        let opusFile = "\(dir)/opus.ogg"
        try OggFixtures.opus(opusFile, frames: 4800)
        XCTAssertEqual(try DecodeAll.open(opusFile).codec, "Opus")
        XCTAssertEqual(metadataReason(vorbis, opusFile), "an Ogg file holding Opus, not Vorbis")
        XCTAssertEqual(decoderReason(vorbis, opusFile), "an Ogg file holding Opus, not Vorbis")
        let vorbisFile = "\(dir)/vorbis.opus"
        try OggFixtures.vorbis(vorbisFile, frames: 4800)
        XCTAssertEqual(metadataReason(opus, vorbisFile), "an Ogg file holding Vorbis, not Opus")
        XCTAssertEqual(decoderReason(opus, vorbisFile), "an Ogg file holding Vorbis, not Opus")
    }

    private func writeOpus() throws -> String {
        let path = "\(dir)/small.opus"
        try OggFixtures.opus(path, frames: 4800)
        return path
    }

    func testSixChannelsAreRefused() throws {
        let vorbis = "\(dir)/six.ogg", opus = "\(dir)/six.opus"
        try OggFixtures.vorbis(vorbis, channels: 6, frames: 4410)
        try OggFixtures.opus(opus, channels: 6, frames: 4800)
        for path in [vorbis, opus] {
            XCTAssertEqual(try FormatRegistry.readMetadata(path: path).stream.channels, 6, "the metadata tells the truth")
            XCTAssertThrowsError(try DecodeAll.open(path)) { error in
                XCTAssertEqual((error as? DecodeError)?.reason, "6 channels not supported (Crate plays mono and stereo)")
            }
        }
    }

    /// A comment header cut short (the file ends inside the picture) has no audio to play.
    func testCommentHeaderCutShort() throws {
        let cover = "\(dir)/cover.jpg"
        try FormatFixtures.write(FormatFixtures.fakeJPEG(size: 150_000), to: cover)
        let path = "\(dir)/cut.opus"
        try OggFixtures.opus(path, options: ["--picture", cover])
        let bytes = try FormatFixtures.bytes(path)
        try FormatFixtures.write(Array(bytes.prefix(100_000)), to: path)
        XCTAssertEqual(metadataReason(OpusFormat(), path), "truncated: the comment header is cut short")
        XCTAssertNotNil(decoderReason(OpusFormat(), path))
        try FormatFixtures.write(Array(bytes.prefix(40)), to: path)
        XCTAssertEqual(metadataReason(OpusFormat(), path), "truncated: the Opus identification header is cut short")
    }

    /// Chained files (one file, several streams one after the other) play through, and
    /// their length is the sum; a change of rate mid-file stops with a reason.
    func testChainedStreams() throws {
        let a = "\(dir)/a.ogg", b = "\(dir)/b.ogg", c = "\(dir)/c.ogg", chained = "\(dir)/chained.ogg"
        // Each link has its own serial number (oggenc takes one from the clock, the same
        // for files made within a second).
        try OggFixtures.vorbis(a, frames: 20000, options: ["-s", "101"])
        try OggFixtures.vorbis(b, channels: 1, frames: 30001, options: ["-s", "202"])
        try FormatFixtures.write(try FormatFixtures.bytes(a) + FormatFixtures.bytes(b), to: chained)
        let metadata = try FormatRegistry.readMetadata(path: chained)
        XCTAssertEqual(metadata.stream.durationFrames, 50001)
        XCTAssertTrue(metadata.stream.exact)
        let (decoder, decoded) = try DecodeAll.samples32(chained)
        XCTAssertEqual(decoder.totalFrames, 50001)
        XCTAssertTrue(decoder.lengthIsExact)
        XCTAssertEqual(decoded.count, 50001 * 2)
        XCTAssertTrue(decoded[..<40000] == (try DecodeAll.samples32(a).samples)[...], "the stereo link")
        XCTAssertTrue(decoded[40000...] == (try DecodeAll.samples32(b).samples)[...], "the mono link, on both channels")

        try OggFixtures.vorbis(c, rate: 48000, frames: 20000, options: ["-s", "303"])
        try FormatFixtures.write(try FormatFixtures.bytes(a) + FormatFixtures.bytes(c), to: chained)
        let mixed = try DecodeAll.open(chained)
        var played = 0
        var chunk = [Int32](repeating: 0, count: 4096 * 2)
        XCTAssertThrowsError(try {
            while true {
                let n = try chunk.withUnsafeMutableBufferPointer { try mixed.read(into: $0.baseAddress!, maxFrames: 4096) }
                if n == 0 { break }
                played += n
            }
        }()) { error in
            XCTAssertEqual((error as? DecodeError)?.reason, "sample rate changes mid-file (44100 → 48000 Hz)")
        }
        XCTAssertEqual(played, 20000, "the first link plays to its end")

        let x = "\(dir)/x.opus", y = "\(dir)/y.opus", opusChain = "\(dir)/chained.opus"
        try OggFixtures.opus(x, frames: 10007, options: ["--serial", "404"])
        try OggFixtures.opus(y, channels: 1, frames: 20011, options: ["--serial", "505"])
        try FormatFixtures.write(try FormatFixtures.bytes(x) + FormatFixtures.bytes(y), to: opusChain)
        XCTAssertEqual(try FormatRegistry.readMetadata(path: opusChain).stream.durationFrames, 30018)
        let (opusDecoder, opusDecoded) = try DecodeAll.samples32(opusChain)
        XCTAssertEqual(opusDecoder.totalFrames, 30018)
        XCTAssertEqual(opusDecoded.count, 30018 * 2)
    }

    /// Bytes overwritten in the middle: the damaged pages are skipped, the rest plays.
    func testCorruptPagesInTheMiddleAreSkipped() throws {
        for name in ["mid.ogg", "mid.opus"] {
            let path = "\(dir)/\(name)"
            let frames = 2 * 48000
            if name.hasSuffix("ogg") {
                try OggFixtures.vorbis(path, rate: 48000, frames: frames, noise: 0.05)
            } else {
                try OggFixtures.opus(path, frames: frames, noise: 0.05, options: ["--max-delay", "100"])
            }
            var bytes = try FormatFixtures.bytes(path)
            for i in bytes.count / 2..<bytes.count / 2 + 300 { bytes[i] = 0x55 }
            try FormatFixtures.write(bytes, to: path)
            XCTAssertEqual(try FormatRegistry.readMetadata(path: path).stream.durationFrames, frames, name)
            let (_, decoded) = try DecodeAll.samples32(path)
            XCTAssertGreaterThan(decoded.count / 2, frames * 6 / 10, name)
            XCTAssertLessThanOrEqual(decoded.count / 2, frames, name)
        }
    }

    /// Cut anywhere, a file with a picture is read or refused, never crashes or hangs.
    func testCutAnywhereNeverCrashes() throws {
        let cover = "\(dir)/cover.jpg"
        try FormatFixtures.write(FormatFixtures.fakeJPEG(size: 70_000), to: cover)
        let source = "\(dir)/source.opus"
        try OggFixtures.opus(source, frames: 9600, options: ["--picture", cover, "--title", "T"])
        let bytes = try FormatFixtures.bytes(source)
        let path = "\(dir)/cut.opus"
        let start = Date()
        for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 60)) + [27, 28, 47, 80] {
            try FormatFixtures.write(Array(bytes.prefix(length)), to: path)
            _ = metadataReason(OpusFormat(), path)
            _ = try? DecodeAll.samples32(path)  // refusing is fine; crashing or hanging is not
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
    }
}
