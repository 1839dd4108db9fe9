/// A FLAC PICTURE block, also the payload of Ogg's base64 METADATA_BLOCK_PICTURE:
/// type, MIME type, description, dimensions, then the image bytes (big-endian lengths).
public struct PictureBlock: Sendable, Equatable {
    /// ID3/FLAC picture type: 3 is the front cover.
    public var type: Int
    public var mimeType: String
    /// Where the image starts within the block, and its length.
    public var dataOffset: Int
    public var dataLength: Int

    /// Parses the header of a block whose first `bytes.count` bytes are given (the image
    /// itself need not be there). `blockLength` is the whole block's declared size.
    public static func parse(_ bytes: [UInt8], blockLength: Int) throws(PictureError) -> PictureBlock {
        var at = 0
        func u32() throws(PictureError) -> Int {
            guard at + 4 <= bytes.count else { throw .cutShort }
            defer { at += 4 }
            return Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
        }
        let type = try u32()
        let mimeLength = try u32()
        guard mimeLength <= 256, at + mimeLength <= bytes.count else { throw .cutShort }
        let mime = String(decoding: bytes[at..<at + mimeLength], as: UTF8.self)
        at += mimeLength
        let descriptionLength = try u32()
        guard descriptionLength <= blockLength, at + descriptionLength <= bytes.count else { throw .cutShort }
        at += descriptionLength + 16  // width, height, depth, colours
        let dataLength = try u32()
        guard dataLength > 0, at + dataLength <= blockLength else { throw .cutShort }
        return PictureBlock(type: type, mimeType: mime.isEmpty ? "image/jpeg" : mime.lowercased(),
                            dataOffset: at, dataLength: dataLength)
    }

    public enum PictureError: Error, Sendable { case cutShort }
}
