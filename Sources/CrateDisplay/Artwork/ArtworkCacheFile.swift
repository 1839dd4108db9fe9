import CZlib

/// The on-disk form of one scaled cover: a tiny raw format, so that a cache hit costs
/// one read and a checksum instead of a decode.
///
///     0  "CRATEART"            magic
///     8  u32 version (1)       all integers little-endian
///    12  u32 width, u32 height
///    20  u32 key length
///    24  u32 CRC-32 of the key bytes and the pixels
///    28  key bytes (UTF-8)     the album key, so a hash collision is a miss, not a wrong cover
///    ..  width × height × 3 bytes of R, G, B
///
/// Anything that does not add up (size, box, key, checksum) is rejected as corrupt.
enum ArtworkCacheFile {
    static let magic = Array("CRATEART".utf8)
    static let version: UInt32 = 1
    static let headerSize = 28

    static func encode(_ image: RGBImage, albumKey: String) -> [UInt8] {
        let key = Array(albumKey.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(headerSize + key.count + image.pixels.count * 3)
        bytes += magic
        append(version, to: &bytes)
        append(UInt32(image.width), to: &bytes)
        append(UInt32(image.height), to: &bytes)
        append(UInt32(key.count), to: &bytes)
        append(0, to: &bytes)  // checksum, filled in below
        bytes += key
        for pixel in image.pixels {
            bytes.append(UInt8(truncatingIfNeeded: pixel >> 16))
            bytes.append(UInt8(truncatingIfNeeded: pixel >> 8))
            bytes.append(UInt8(truncatingIfNeeded: pixel))
        }
        let crc = checksum(bytes[(headerSize)...])
        for i in 0..<4 { bytes[24 + i] = UInt8(truncatingIfNeeded: crc >> (8 * UInt32(i))) }
        return bytes
    }

    /// The file's expected total size from its header, for reading exactly that much.
    static func expectedSize(header: ArraySlice<UInt8>, box: ArtworkBox) -> Int? {
        guard header.count >= headerSize, header.prefix(8).elementsEqual(magic),
              u32(header, 8) == version else { return nil }
        let width = Int(u32(header, 12)), height = Int(u32(header, 16)), keyLength = Int(u32(header, 20))
        // A cached cover fits the box and touches at least one of its sides.
        guard (1...box.width).contains(width), (1...box.height).contains(height),
              width == box.width || height == box.height, keyLength <= 64 * 1024 else { return nil }
        return headerSize + keyLength + width * height * 3
    }

    /// The image, or a reason the bytes are not a valid cache entry for this key and box.
    static func decode(_ bytes: [UInt8], albumKey: String, box: ArtworkBox) -> Result<RGBImage, CorruptEntry> {
        guard let size = expectedSize(header: bytes[...], box: box) else { return .failure(.init("bad header")) }
        guard bytes.count == size else { return .failure(.init("\(bytes.count) bytes, expected \(size)")) }
        let keyLength = Int(u32(bytes[...], 20))
        guard bytes[headerSize..<(headerSize + keyLength)].elementsEqual(albumKey.utf8) else {
            return .failure(.init("written for another album key"))
        }
        guard checksum(bytes[headerSize...]) == u32(bytes[...], 24) else { return .failure(.init("checksum mismatch")) }
        let width = Int(u32(bytes[...], 12)), height = Int(u32(bytes[...], 16))
        var pixels = [UInt32](repeating: 0, count: width * height)
        var p = headerSize + keyLength
        for i in 0..<pixels.count {
            pixels[i] = UInt32(bytes[p]) << 16 | UInt32(bytes[p + 1]) << 8 | UInt32(bytes[p + 2])
            p += 3
        }
        return .success(RGBImage(width: width, height: height, pixels: pixels))
    }

    struct CorruptEntry: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// "<FNV-1a 64 of the key, 16 hex digits>-<w>x<h>.rgb": any key becomes a safe name.
    static func name(albumKey: String, box: ArtworkBox) -> String {
        namePrefix(albumKey: albumKey) + "\(box.width)x\(box.height).rgb"
    }

    /// "<FNV-1a 64 of the key>-fetched.img": a picture fetched from a server, kept as it
    /// came (JPEG or PNG), from which every size is scaled without asking again.
    static func fetchedName(albumKey: String) -> String {
        namePrefix(albumKey: albumKey) + "fetched.img"
    }

    static func namePrefix(albumKey: String) -> String {
        let hex = String(fnv1a64(albumKey), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex + "-"
    }

    static func fnv1a64(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    private static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            UInt32(truncatingIfNeeded: crc32(0, buffer.baseAddress, uInt(buffer.count)))
        }
    }

    private static func append(_ value: UInt32, to bytes: inout [UInt8]) {
        for i in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt32(i)))) }
    }

    private static func u32(_ bytes: ArraySlice<UInt8>, _ offset: Int) -> UInt32 {
        let s = bytes.startIndex + offset
        return (0..<4).reduce(0) { $0 | UInt32(bytes[s + $1]) << (8 * UInt32($1)) }
    }
}
