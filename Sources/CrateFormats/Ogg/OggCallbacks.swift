import COpusFile
import CVorbisFile
import Glibc

/// The I/O callbacks libvorbisfile and libopusfile read through: a `ByteCursor` passed as
/// an unretained pointer (the decoder owns it and outlives the library handle).
///
/// Without a seek callback both libraries treat the input as unseekable and never look
/// at its end: that is how a stream still arriving is opened, so that opening does not
/// wait for the whole download (the libraries read the last page to learn the length).
enum OggCallbacks {
    static func vorbis(seekable: Bool) -> ov_callbacks {
        ov_callbacks(
            read_func: { buffer, size, count, source in
                let cursor = Unmanaged<ByteCursor>.fromOpaque(source!).takeUnretainedValue()
                guard size > 0, count > 0, let buffer else { return 0 }
                let n = cursor.read(into: buffer, count: size * count)
                // libvorbisfile tells a read error from the end of the data by errno.
                errno = cursor.failure == nil ? 0 : EIO
                return n / size
            },
            seek_func: seekable ? { source, offset, whence in
                let cursor = Unmanaged<ByteCursor>.fromOpaque(source!).takeUnretainedValue()
                return cursor.seek(Int(offset), whence: whence) ? 0 : -1
            } : nil,
            close_func: nil,
            tell_func: { source in
                Unmanaged<ByteCursor>.fromOpaque(source!).takeUnretainedValue().position
            })
    }

    static func opus(seekable: Bool) -> OpusFileCallbacks {
        OpusFileCallbacks(
            read: { source, buffer, count in
                let cursor = Unmanaged<ByteCursor>.fromOpaque(source!).takeUnretainedValue()
                guard count > 0, let buffer else { return 0 }
                let n = cursor.read(into: buffer, count: Int(count))
                return cursor.failure == nil ? Int32(n) : -1
            },
            seek: seekable ? { source, offset, whence in
                let cursor = Unmanaged<ByteCursor>.fromOpaque(source!).takeUnretainedValue()
                return cursor.seek(Int(offset), whence: whence) ? 0 : -1
            } : nil,
            tell: { source in
                Int64(Unmanaged<ByteCursor>.fromOpaque(source!).takeUnretainedValue().position)
            },
            close: nil)
    }

    /// Whether `source` can be opened seekable: a file, or a stream that has fully arrived.
    static func isSeekable(_ source: any ByteSource) -> Bool {
        source.size != nil && source.readyBytes(from: 0) == Int.max
    }
}
