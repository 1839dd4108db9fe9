/// Splits a byte stream into newline-terminated lines, refusing lines longer than a limit.
///
/// The limit is checked as bytes arrive, not when the newline finally shows up, so a
/// client streaming an endless line cannot make the daemon buffer it.
struct LineReader {
    enum Next: Equatable {
        /// One line without its terminator (a trailing "\r" is dropped too).
        case line([UInt8])
        /// More than `maxLineBytes` arrived without a newline.
        case tooLong
        /// The peer closed its end. A final unterminated line is discarded: a request
        /// that was never finished must not be executed.
        case end
    }

    let maxLineBytes: Int
    private var pending: [UInt8] = []
    /// Where in `pending` the next line starts; consumed bytes are dropped lazily.
    private var start = 0
    private var chunk: [UInt8]

    init(maxLineBytes: Int, chunkSize: Int = 4096) {
        self.maxLineBytes = maxLineBytes
        chunk = [UInt8](repeating: 0, count: chunkSize)
    }

    /// Returns the next line, calling `read` for more bytes as needed. `read` fills the
    /// buffer it is given and returns the count, 0 at end of stream.
    mutating func next<E: Error>(
        read: (inout [UInt8]) throws(E) -> Int
    ) throws(E) -> Next {
        var searchFrom = start
        while true {
            if let newline = pending[searchFrom...].firstIndex(of: UInt8(ascii: "\n")) {
                var end = newline
                if end > start, pending[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = Array(pending[start..<end])
                start = newline + 1
                return line.count > maxLineBytes ? .tooLong : .line(line)
            }
            if pending.count - start > maxLineBytes { return .tooLong }
            compact()
            searchFrom = pending.count
            let n = try read(&chunk)
            if n == 0 { return .end }
            pending.append(contentsOf: chunk[0..<n])
        }
    }

    /// Drops consumed bytes so the buffer does not grow with the connection's lifetime.
    private mutating func compact() {
        guard start > 0 else { return }
        pending.removeFirst(start)
        start = 0
    }
}
