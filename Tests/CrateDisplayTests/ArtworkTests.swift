import CZlib
import XCTest

@testable import CrateCore
import CrateDisplay

/// Decoding and scaling. Sources and the cache are in ArtworkTests+Sources/+Cache.
final class ArtworkTests: XCTestCase {
    typealias F = ArtworkFixtures
    let square240 = ArtworkBox(width: 240, height: 240)

    func testJPEGScaledIntoSquareBoxesKeepsQuadrants() throws {
        let jpeg = F.quadrantJPEG(width: 400, height: 400)
        for side in [240, 120] {
            let image = try ArtworkDecoder.decode(jpeg, fitting: ArtworkBox(width: side, height: side))
            XCTAssertEqual(image.width, side)
            XCTAssertEqual(image.height, side)
            assertArtworkQuadrants(image)
        }
    }

    func testAspectRatioIsKeptInEveryBox() throws {
        let wide = try ArtworkDecoder.decode(F.quadrantJPEG(width: 400, height: 200), fitting: square240)
        XCTAssertEqual([wide.width, wide.height], [240, 120])
        assertArtworkQuadrants(wide)

        let tall = try ArtworkDecoder.decode(F.quadrantPNG(width: 200, height: 400),
                                             fitting: ArtworkBox(width: 120, height: 120))
        XCTAssertEqual([tall.width, tall.height], [60, 120])
        assertArtworkQuadrants(tall, tolerance: 4)

        // A square cover in a landscape box is limited by the box's height.
        let landscape = try ArtworkDecoder.decode(F.quadrantJPEG(width: 400, height: 400),
                                                  fitting: ArtworkBox(width: 320, height: 240))
        XCTAssertEqual([landscape.width, landscape.height], [240, 240])
        assertArtworkQuadrants(landscape)

        // 3:2 art in a 2:3 box: width-limited, 200×133.
        let odd = try ArtworkDecoder.decode(F.quadrantPNG(width: 300, height: 200),
                                            fitting: ArtworkBox(width: 200, height: 300))
        XCTAssertEqual([odd.width, odd.height], [200, 133])
        assertArtworkQuadrants(odd, tolerance: 4)
    }

    func testLargeJPEGIsDecodedWithIDCTScaling() throws {
        let jpeg = F.quadrantJPEG(width: 2400, height: 2400)
        let small = try ArtworkDecoder.decodeWithDetails(jpeg, fitting: square240)
        XCTAssertEqual([small.sourceWidth, small.sourceHeight], [2400, 2400])
        XCTAssertEqual([small.decodedWidth, small.decodedHeight], [300, 300], "1/8 scaling: 2400/8 ≥ 240")
        XCTAssertEqual([small.image.width, small.image.height], [240, 240])
        XCTAssertNil(small.warning)
        assertArtworkQuadrants(small.image)

        // 320 px tall box: 1/8 (300) is too small, so 1/4 (600).
        let larger = try ArtworkDecoder.decodeWithDetails(jpeg, fitting: ArtworkBox(width: 480, height: 320))
        XCTAssertEqual([larger.decodedWidth, larger.decodedHeight], [600, 600])
        XCTAssertEqual([larger.image.width, larger.image.height], [320, 320])
        assertArtworkQuadrants(larger.image)
    }

    func testSmallArtIsScaledUpBilinearly() throws {
        let decoded = try ArtworkDecoder.decodeWithDetails(F.quadrantPNG(width: 40, height: 20), fitting: square240)
        let image = decoded.image
        XCTAssertEqual([decoded.decodedWidth, image.width, image.height], [40, 240, 120])
        assertArtworkQuadrants(image, tolerance: 2)
        // Next to the red|green edge the colours blend (nearest-neighbour would not).
        let edge = image[119, 30]
        XCTAssert((0x40...0xB0).contains(edge >> 16 & 0xFF), "red channel at the edge: \(String(edge, radix: 16))")
        XCTAssert((0x40...0xB0).contains(edge >> 8 & 0xFF), "green channel at the edge: \(String(edge, radix: 16))")
    }

    func testDownscalingAveragesFineDetail() throws {
        // A one-pixel black/white checkerboard shrunk 5×: each 5×5 area holds 12 or 13
        // white pixels, so every output pixel is mid grey. Point or bilinear sampling at
        // 5× lands on single pixels and would give black and white.
        var samples = [UInt8](repeating: 0, count: 200 * 200 * 3)
        for y in 0..<200 { for x in 0..<200 where (x + y) % 2 == 0 {
            for c in 0..<3 { samples[(y * 200 + x) * 3 + c] = 255 }
        } }
        let image = try ArtworkDecoder.decode(F.png(samples: samples, width: 200, height: 200),
                                              fitting: ArtworkBox(width: 40, height: 40))
        XCTAssertEqual([image.width, image.height], [40, 40])
        for (x, y) in [(0, 0), (1, 0), (20, 20), (39, 39), (10, 33)] {
            assertArtworkPixel(image, x, y, is: 0x80_8080, tolerance: 6)
        }
    }

    func testPNGAlphaIsCompositedOnBlack() throws {
        // TL opaque red, TR transparent green, BL half-transparent white, BR opaque blue.
        let colors: [(UInt8, UInt8, UInt8, UInt8)] = [(220, 30, 30, 255), (30, 200, 30, 0),
                                                       (255, 255, 255, 128), (30, 30, 220, 255)]
        var rgba = [UInt8](repeating: 0, count: 100 * 100 * 4)
        for y in 0..<100 { for x in 0..<100 {
            let c = colors[(y < 50 ? 0 : 2) + (x < 50 ? 0 : 1)], p = (y * 100 + x) * 4
            (rgba[p], rgba[p + 1], rgba[p + 2], rgba[p + 3]) = c
        } }
        let image = try ArtworkDecoder.decode(F.png(samples: rgba, width: 100, height: 100, channels: 4),
                                              fitting: ArtworkBox(width: 100, height: 100))
        assertArtworkPixel(image, 25, 25, is: 0xDC_1E1E, tolerance: 1)
        assertArtworkPixel(image, 75, 25, is: 0x00_0000, tolerance: 1, "transparent → black")
        assertArtworkPixel(image, 75, 75, is: 0x1E_1EDC, tolerance: 1)
        // Half white over black: grey, composited in linear light by libpng (≈ 188).
        let grey = image[25, 75]
        XCTAssertEqual(grey >> 16 & 0xFF, grey & 0xFF)
        XCTAssert((150...200).contains(grey & 0xFF), "half-transparent white: \(String(grey, radix: 16))")
    }

    func testBadDataGivesClearErrors() throws {
        func error(_ bytes: [UInt8]) -> ArtworkError? {
            do {
                _ = try ArtworkDecoder.decode(bytes, fitting: square240)
                return nil
            } catch { return error }
        }
        let jpeg = F.quadrantJPEG(width: 400, height: 400)
        let png = F.quadrantPNG(width: 400, height: 400)
        var random = ArtworkNoise(seed: 42)
        let noise = (0..<4096).map { _ in UInt8(truncatingIfNeeded: random.next()) }

        XCTAssertEqual(error([]), .empty)
        XCTAssertEqual(error(noise), .unrecognizedData)
        XCTAssertEqual(error(Array("GIF89a".utf8) + [UInt8](repeating: 0, count: 64)), .unsupportedType("GIF"))
        XCTAssertEqual(error(Array("BM".utf8) + [UInt8](repeating: 0, count: 64)), .unsupportedType("BMP"))
        XCTAssertEqual(error(Array("RIFF\0\0\0\0WEBPVP8 ".utf8)), .unsupportedType("WebP"))

        for (label, bytes) in [("JPEG magic then noise", [0xFF, 0xD8, 0xFF] + noise),
                               ("JPEG cut inside its header", Array(jpeg.prefix(100))),
                               ("PNG cut in half", Array(png.prefix(png.count / 2))),
                               ("PNG with a damaged IDAT", damaged(png, at: png.count / 2))] {
            guard case .corrupt(let type, let reason)? = error(bytes) else {
                XCTFail("\(label): \(String(describing: error(bytes)))")
                continue
            }
            XCTAssertEqual(type, label.hasPrefix("JPEG") ? "JPEG" : "PNG", label)
            XCTAssertFalse(reason.isEmpty, label)
        }
        XCTAssert(ArtworkError.unsupportedType("GIF").userMessage.contains("GIF"))
        XCTAssertEqual(error(Array(jpeg.prefix(100))).map { $0.userMessage.hasPrefix("corrupt JPEG picture: ") }, true)
    }

    func testTruncatedJPEGScanIsShownWithAWarning() throws {
        let jpeg = F.quadrantJPEG(width: 400, height: 400)
        // Cut at 70 %: the top half of the scan is there; libjpeg greys out the rest.
        let decoded = try ArtworkDecoder.decodeWithDetails(Array(jpeg.prefix(jpeg.count * 7 / 10)), fitting: square240)
        XCTAssertNotNil(decoded.warning)
        XCTAssertEqual([decoded.image.width, decoded.image.height], [240, 240])
        assertArtworkPixel(decoded.image, 60, 60, is: F.red)
        assertArtworkPixel(decoded.image, 180, 60, is: F.green)
    }

    func testAbsurdDimensionsAreRefusedBeforeDecoding() throws {
        // A real PNG whose header claims 20000×20000.
        var png = F.quadrantPNG(width: 8, height: 8)
        for (offset, value) in [(16, 20_000), (20, 20_000)] {
            for i in 0..<4 { png[offset + i] = UInt8(truncatingIfNeeded: value >> (8 * (3 - i))) }
        }
        let crc = png[12..<29].withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
        for i in 0..<4 { png[29 + i] = UInt8(truncatingIfNeeded: crc >> (8 * (3 - UInt32(i)))) }
        XCTAssertThrowsError(try ArtworkDecoder.decode(png, fitting: square240)) {
            XCTAssertEqual($0 as? ArtworkError, .tooLarge(width: 20_000, height: 20_000))
        }

        // A JPEG whose SOF claims 60000×60000.
        var jpeg = F.quadrantJPEG(width: 16, height: 16)
        let sof = try XCTUnwrap((0..<jpeg.count - 1).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
        (jpeg[sof + 5], jpeg[sof + 6], jpeg[sof + 7], jpeg[sof + 8]) = (0xEA, 0x60, 0xEA, 0x60)
        XCTAssertThrowsError(try ArtworkDecoder.decode(jpeg, fitting: square240)) {
            XCTAssertEqual($0 as? ArtworkError, .tooLarge(width: 60_000, height: 60_000))
        }

        // The pixel budget applies to what is decoded: a PNG is decoded whole.
        let limits = ArtworkDecoder.Limits(maxSide: 10_000, maxPixels: 100_000)
        XCTAssertThrowsError(try ArtworkDecoder.decode(F.quadrantPNG(width: 400, height: 400), fitting: square240,
                                                       limits: limits)) {
            XCTAssertEqual($0 as? ArtworkError, .tooLarge(width: 400, height: 400))
        }
        // …while a JPEG's IDCT scaling brings 2000×2000 down to 250×250, within budget.
        let big = try ArtworkDecoder.decode(F.quadrantJPEG(width: 2000, height: 2000), fitting: square240, limits: limits)
        XCTAssertEqual(big.width, 240)
    }

    func testInvalidBoxIsAnError() {
        XCTAssertThrowsError(try ArtworkDecoder.decode(F.quadrantJPEG(width: 16, height: 16),
                                                       fitting: ArtworkBox(width: 0, height: 240))) {
            XCTAssertEqual($0 as? ArtworkError, .invalidBox(width: 0, height: 240))
        }
    }

    private func damaged(_ bytes: [UInt8], at offset: Int) -> [UInt8] {
        var copy = bytes
        for i in offset..<(offset + 64) { copy[i] ^= 0x5A }
        return copy
    }
}

/// A seeded generator, so the "random bytes" are the same on every run.
typealias ArtworkNoise = SplitMix64
