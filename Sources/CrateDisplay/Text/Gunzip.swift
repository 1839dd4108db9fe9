import CZlib

/// Decompresses gzip data in memory with zlib (Debian ships console fonts as .psf.gz).
enum Gunzip {
    static func isGzip(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B
    }

    /// The inflated bytes; throws a one-line reason when the data is corrupt, truncated,
    /// or inflates beyond `limit` bytes (a font is at most a few hundred KB, so anything
    /// bigger is not one and must not fill the board's memory).
    static func decompress(_ bytes: [UInt8], limit: Int) throws(GunzipFailure) -> [UInt8] {
        // Heap-allocated: zlib keeps a pointer back to the stream and rejects one that moved.
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer { stream.deallocate() }
        // windowBits 15 + 16: a gzip wrapper, not raw zlib.
        guard inflateInit2_(stream, 15 + 16, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw GunzipFailure(reason: "zlib could not start")
        }
        defer { inflateEnd(stream) }

        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 32 * 1024)
        var status = Z_OK
        bytes.withUnsafeBufferPointer { input in
            stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.pointee.avail_in = UInt32(input.count)
            while status == Z_OK && output.count <= limit {
                let produced = chunk.withUnsafeMutableBufferPointer { out -> Int in
                    stream.pointee.next_out = out.baseAddress
                    stream.pointee.avail_out = UInt32(out.count)
                    status = inflate(stream, Z_NO_FLUSH)
                    return out.count - Int(stream.pointee.avail_out)
                }
                output.append(contentsOf: chunk[0..<produced])
                // No progress with all input consumed: the data stops before its end.
                if status == Z_BUF_ERROR || (status == Z_OK && produced == 0 && stream.pointee.avail_in == 0) {
                    status = Z_BUF_ERROR
                }
            }
        }
        if output.count > limit { throw GunzipFailure(reason: "decompresses to more than \(limit) bytes") }
        switch status {
        case Z_STREAM_END: return output
        case Z_BUF_ERROR: throw GunzipFailure(reason: "compressed data is truncated")
        default:
            let message = stream.pointee.msg.map { String(cString: $0) } ?? "zlib error \(status)"
            throw GunzipFailure(reason: "compressed data is corrupt (\(message))")
        }
    }
}

struct GunzipFailure: Error {
    var reason: String
}
