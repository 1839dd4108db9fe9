import CrateFormats
import Foundation
import TestSupport
import XCTest

/// Test files made on the spot: sweeps encoded by `lame` (with its tag options), tags
/// written by mutagen, and raw bytes for the cases no tool writes.
enum MP3Fixtures {
    /// Encodes a sweep with `lame`, passing `options` (tag options) before the files.
    /// Returns the number of frames per channel that went in.
    @discardableResult
    static func lame(_ path: String, rate: Int = 44100, channels: Int = 2, seconds: Double = 1.3,
                     encoding: AudioFixtures.Encoding = .cbr(kbps: 128), options: [String] = []) throws -> Int {
        let samples = AudioFixtures.sweep(rate: rate, seconds: seconds, channels: channels, to: Double(rate) / 6)
        try AudioFixtures.encodeMP3(samples, rate: rate, channels: channels, encoding: encoding, to: path, options: options)
        return samples.count / channels
    }

    /// A short MP3 stream with no tags at all, to put hand-made tags in front of.
    static func bareAudio(in dir: String) throws -> [UInt8] {
        let path = dir + "/bare.mp3"
        try lame(path, seconds: 0.5)
        return try FormatFixtures.bytes(path)
    }

    /// Runs a Python script with the system interpreter (which has python3-mutagen).
    static func python(_ script: String, _ args: [String] = []) throws {
        try AudioFixtures.run("/usr/bin/python3", ["-c", script] + args)
    }

    static var hasMutagen: Bool {
        (try? python("import mutagen")) != nil  // no mutagen: the tests that need it say so and skip
    }
}

/// The bytes at `artwork`'s range in the file at `path` are `image` (without dumping
/// a hundred kilobytes into the log when they are not).
func XCTAssertArtwork(_ artwork: ArtworkLocation, in path: String, equals image: [UInt8], _ label: String = "",
                      file: StaticString = #filePath, line: UInt = #line) throws {
    let bytes = try FormatFixtures.bytes(path)
    guard artwork.offset >= 0, artwork.offset + artwork.length <= bytes.count else {
        return XCTFail("artwork range \(artwork.offset)+\(artwork.length) is outside the \(bytes.count)-byte file \(label)",
                       file: file, line: line)
    }
    let found = bytes[artwork.offset..<artwork.offset + artwork.length]
    XCTAssertTrue(found.elementsEqual(image),
                  "artwork bytes differ from the image (\(found.count) vs \(image.count) bytes) \(label)", file: file, line: line)
}
