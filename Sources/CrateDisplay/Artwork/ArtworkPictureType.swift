/// What a picture's first bytes say it is. The declared MIME type of an APIC frame or
/// a file's extension are often wrong (PNGs labelled image/jpeg), so only magic counts.
public enum ArtworkPictureType: String, Sendable, Equatable {
    case jpeg = "JPEG"
    case png = "PNG"
    case gif = "GIF"
    case bmp = "BMP"
    case webp = "WebP"
    case tiff = "TIFF"
    case unknown

    public static func detect<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> ArtworkPictureType {
        let head = Array(bytes.prefix(12))
        func starts(_ magic: [UInt8]) -> Bool { head.starts(with: magic) }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("BM".utf8)) { return .bmp }
        if starts(Array("RIFF".utf8)), head.count >= 12, head[8..<12].elementsEqual("WEBP".utf8) { return .webp }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        return .unknown
    }

    /// Whether `ArtworkDecoder` can turn this type into pixels.
    public var isDecodable: Bool { self == .jpeg || self == .png }
}
