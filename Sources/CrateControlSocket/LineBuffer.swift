/// Collects a byte stream as it arrives and hands out newline-terminated lines, refusing
/// lines longer than a limit.
///
/// The limit is checked as bytes arrive, not when the newline finally shows up, so a
/// client streaming an endless line cannot make the daemon buffer it. A final line
/// without its newline is never handed out: a request that was not finished must not run.
struct LineBuffer {
    enum Next: Equatable {
        /// One line without its terminator (a trailing "\r" is dropped too).
        case line([UInt8])
        /// More than `maxLineBytes` arrived without a newline.
        case tooLong
    }

    let maxLineBytes: Int
    private var pending: [UInt8] = []
    /// Where in `pending` the next line starts; consumed bytes are dropped lazily.
    private var start = 0
    /// Bytes before this index are known to hold no newline.
    private var searchFrom = 0

    init(maxLineBytes: Int) {
        self.maxLineBytes = maxLineBytes
    }

    /// Whether part of a line has arrived without its newline.
    var holdsPartialLine: Bool { pending.count > start }

    mutating func append(_ bytes: ArraySlice<UInt8>) {
        compact()
        pending.append(contentsOf: bytes)
    }

    /// The next complete line, `.tooLong`, or nil until more bytes arrive.
    mutating func next() -> Next? {
        if let newline = pending[max(start, searchFrom)...].firstIndex(of: UInt8(ascii: "\n")) {
            var end = newline
            if end > start, pending[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            let line = Array(pending[start..<end])
            start = newline + 1
            searchFrom = start
            return line.count > maxLineBytes ? .tooLong : .line(line)
        }
        searchFrom = pending.count
        return pending.count - start > maxLineBytes ? .tooLong : nil
    }

    /// Drops consumed bytes so the buffer does not grow with the connection's lifetime.
    private mutating func compact() {
        guard start > 0 else { return }
        pending.removeFirst(start)
        searchFrom -= start
        start = 0
    }
}
