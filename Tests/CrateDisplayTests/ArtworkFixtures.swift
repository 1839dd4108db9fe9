import CPNG
import CTurboJPEG
import Foundation
import TestSupport
import XCTest

@testable import CrateDisplay

/// Pictures and tracks for the artwork tests, made on the spot by the real encoders:
/// TurboJPEG, libpng and `lame`.
enum ArtworkFixtures {
    /// Quadrant colours: top-left red, top-right green, bottom-left blue, bottom-right yellow.
    static let red: UInt32 = 0xDC_1E1E
    static let green: UInt32 = 0x1E_C81E
    static let blue: UInt32 = 0x1E_1EDC
    static let yellow: UInt32 = 0xDC_DC1E
    static let quadrantColors = [red, green, blue, yellow]

    /// Packed RGB, each quadrant one flat colour (`colors` in TL, TR, BL, BR order).
    static func quadrants(width: Int, height: Int, colors: [UInt32] = quadrantColors) -> [UInt8] {
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let color = colors[(y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)]
                let p = (y * width + x) * 3
                rgb[p] = UInt8(color >> 16 & 0xFF)
                rgb[p + 1] = UInt8(color >> 8 & 0xFF)
                rgb[p + 2] = UInt8(color & 0xFF)
            }
        }
        return rgb
    }

    static func jpeg(rgb: [UInt8], width: Int, height: Int, quality: Int32 = 92,
                     file: StaticString = #filePath, line: UInt = #line) -> [UInt8] {
        let handle = tjInitCompress()
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = tjCompress2(handle, rgb, Int32(width), 0, Int32(height), Int32(TJPF_RGB.rawValue),
                                 &output, &size, Int32(TJSAMP_420.rawValue), quality, 0)
        defer { tjFree(output) }
        XCTAssertEqual(status, 0, "tjCompress2 failed", file: file, line: line)
        guard let output else { return [] }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    static func quadrantJPEG(width: Int, height: Int) -> [UInt8] {
        jpeg(rgb: quadrants(width: width, height: height), width: width, height: height)
    }

    /// A PNG of 8-bit RGB (`channels` 3) or RGBA (`channels` 4) samples.
    static func png(samples: [UInt8], width: Int, height: Int, channels: Int = 3,
                    file: StaticString = #filePath, line: UInt = #line) -> [UInt8] {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(width)
        image.height = png_uint_32(height)
        image.format = png_uint_32(channels == 4 ? PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA : PNG_FORMAT_RGB)
        let stride = Int32(width * channels)
        var size = 0
        // First call measures, second writes.
        XCTAssertNotEqual(png_image_write_to_memory(&image, nil, &size, 0, samples, stride, nil), 0,
                          file: file, line: line)
        var bytes = [UInt8](repeating: 0, count: size)
        let ok = bytes.withUnsafeMutableBytes { out in
            png_image_write_to_memory(&image, out.baseAddress, &size, 0, samples, stride, nil)
        }
        XCTAssertNotEqual(ok, 0, "png_image_write_to_memory failed", file: file, line: line)
        return Array(bytes.prefix(size))
    }

    static func quadrantPNG(width: Int, height: Int) -> [UInt8] {
        png(samples: quadrants(width: width, height: height), width: width, height: height)
    }

    /// An MP3 of a short tone made by `lame`, with `cover` as its APIC picture when given.
    static func mp3(at path: String, cover: String? = nil) throws {
        var samples = [Int16](repeating: 0, count: 44_100 / 4 * 2)
        for i in stride(from: 0, to: samples.count, by: 2) {
            let value = Int16(sin(Double(i / 2) * 2 * .pi * 440 / 44_100) * 8000)
            samples[i] = value
            samples[i + 1] = value
        }
        let raw = path + ".raw"
        try AudioFixtures.writeRaw(samples, to: raw)
        defer { unlink(raw) }
        var args = ["--quiet", "-r", "-s", "44.1", "--bitwidth", "16", "--signed", "--little-endian", "-b", "128"]
        if let cover { args += ["--ti", cover] }
        try AudioFixtures.run("/usr/bin/lame", args + [raw, path])
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    static func read(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }
}

/// Checks one pixel against an expected colour, each channel within `tolerance`.
func assertArtworkPixel(_ image: RGBImage, _ x: Int, _ y: Int, is expected: UInt32, tolerance: Int = 24,
                 _ label: String = "", file: StaticString = #filePath, line: UInt = #line) {
    guard x >= 0, y >= 0, x < image.width, y < image.height else {
        return XCTFail("(\(x), \(y)) is outside the \(image.width)×\(image.height) image \(label)", file: file, line: line)
    }
    let actual = image[x, y]
    for shift in [16, 8, 0] as [UInt32] {
        let a = Int(actual >> shift & 0xFF), e = Int(expected >> shift & 0xFF)
        if abs(a - e) > tolerance {
            let hex = { (v: UInt32) in String(v, radix: 16) }
            return XCTFail("pixel (\(x), \(y)) is \(hex(actual)), expected \(hex(expected)) ± \(tolerance) \(label)",
                           file: file, line: line)
        }
    }
}

/// The four quadrant centres of `image` hold `colors` (TL, TR, BL, BR).
func assertArtworkQuadrants(_ image: RGBImage, _ colors: [UInt32] = ArtworkFixtures.quadrantColors, tolerance: Int = 24,
                     file: StaticString = #filePath, line: UInt = #line) {
    let xs = [image.width / 4, image.width * 3 / 4], ys = [image.height / 4, image.height * 3 / 4]
    for (index, color) in colors.enumerated() {
        assertArtworkPixel(image, xs[index % 2], ys[index / 2], is: color, tolerance: tolerance,
                    "(quadrant \(index))", file: file, line: line)
    }
}

/// Two images are the same; on failure says where, without printing every pixel.
func assertSameArtwork(_ actual: RGBImage?, _ expected: RGBImage?, _ label: String = "",
                       file: StaticString = #filePath, line: UInt = #line) {
    guard let actual, let expected else {
        if (actual == nil) != (expected == nil) {
            XCTFail("one image is nil: actual \(actual == nil ? "nil" : "present") \(label)", file: file, line: line)
        }
        return
    }
    guard actual.width == expected.width, actual.height == expected.height else {
        return XCTFail("size \(actual.width)×\(actual.height), expected \(expected.width)×\(expected.height) \(label)",
                       file: file, line: line)
    }
    if let i = actual.pixels.indices.first(where: { actual.pixels[$0] != expected.pixels[$0] }) {
        XCTFail("first difference at (\(i % actual.width), \(i / actual.width)) \(label)", file: file, line: line)
    }
}
