import CrateFormats
import Foundation
import TestSupport
import XCTest

@testable import CrateDisplay

/// Covers embedded by each format's own tools: a FLAC PICTURE block (a byte range of the
/// file), an M4A `covr` atom (a byte range), an Opus METADATA_BLOCK_PICTURE (base64 in
/// the comment header, read through the format) — all reach the screen the same way.
extension ArtworkTests {
    func testEmbeddedCoversOfFLACM4AAndOpusAreFoundAndDecoded() throws {
        let dir = try TemporaryDirectory(prefix: "crate-art-formats")
        defer { dir.remove() }
        let jpeg = F.quadrantJPEG(width: 300, height: 300)
        let cover = dir.file("art.jpg")
        try F.write(jpeg, to: cover)
        let sweep = FormatFixtures.sweep(rate: 48000, seconds: 0.3)

        let flac = dir.file("01.flac")
        try FormatFixtures.encode(sweep, format: .flac, rate: 48000, channels: 2, to: flac)
        try AudioFixtures.run("/usr/bin/metaflac", ["--import-picture-from=\(cover)", flac])
        let m4a = dir.file("02.m4a"), plain = dir.file("plain.m4a")
        try FormatFixtures.encode(sweep, format: .aac, rate: 48000, channels: 2, to: plain)
        try AudioFixtures.run("/usr/bin/ffmpeg", ["-v", "error", "-i", plain, "-i", cover, "-map", "0", "-map", "1",
                                                  "-c", "copy", "-disposition:v", "attached_pic", "-y", m4a])
        let opus = dir.file("03.opus"), raw = dir.file("03.raw")
        try FormatFixtures.raw(sweep, bits: 16).write(to: URL(fileURLWithPath: raw))
        try AudioFixtures.run("/usr/bin/opusenc", ["--quiet", "--raw", "--raw-rate", "48000", "--picture", cover, raw, opus])
        unlink(cover)  // only the copies inside the tracks remain

        for track in [flac, m4a, opus] {
            let location = try XCTUnwrap(try ArtworkSource.embeddedLocation(inTrack: track), track)
            XCTAssertEqual(location.length, jpeg.count, track)
            XCTAssertEqual(location.isByteRange, !track.hasSuffix(".opus"), "only Ogg keeps it encoded: \(track)")
            let source = try XCTUnwrap(try ArtworkSource.locate(trackPath: track, embedded: location))
            let bytes = try source.readBytes()
            XCTAssert(bytes == jpeg, "exactly the picture's bytes: \(track)")
            let image = try ArtworkDecoder.decode(bytes, fitting: square240)
            XCTAssertEqual([image.width, image.height], [240, 240], track)
            assertArtworkQuadrants(image)
        }
    }
}
