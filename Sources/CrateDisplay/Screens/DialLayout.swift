/// The Crate Dial screen: a heading, then one row per position, top to bottom in knob
/// order. The row under the knob is filled with the accent colour; the position the
/// current crate was made with carries a dot in its marker.
public struct DialLayout: Sendable {
    public struct Row: Sendable, Equatable {
        /// The whole row (filled when selected).
        public let frame: Rect
        /// A square at the row's left: a dot when confirmed, a ring otherwise.
        public let marker: Rect
        /// The position's name, left-aligned.
        public let name: Rect
        /// With a description: the name in the upper part of the row, and the line under
        /// it in small text (empty where the row is not tall enough for both).
        public let describedName: Rect
        public let description: Rect
    }

    public static let heading = "Crate Dial"

    /// "Crate Dial", left-aligned.
    public let title: Rect
    public let offlineMark: Rect
    public let rows: [Row]

    init(_ basis: LayoutBasis, count: Int) {
        let w = basis.width, h = basis.height, m = basis.margin, g = basis.gap
        let small = basis.small, body = basis.body
        offlineMark = basis.cornerOfflineMark
        title = basis.fitted(Rect(x: m, y: m, width: offlineMark.x - g - m, height: small))

        let count = max(0, count)
        let top = m + small + g, available = max(0, h - m - top)
        // Rows as tall as two lines of text at most, the block centred in what is left.
        let pitch = count > 0 ? min(available / count, body * 2) : 0
        let rowGap = pitch >= body + 4 ? 2 : 0
        let start = top + (available - pitch * count) / 2
        let markerSide = min(body, max(0, pitch - rowGap))
        var rows: [Row] = []
        rows.reserveCapacity(count)
        for index in 0..<count {
            let frame = basis.fitted(Rect(x: m, y: start + index * pitch, width: w - 2 * m, height: pitch - rowGap))
            let marker = basis.fitted(Rect(x: frame.x + g, y: frame.y + (frame.height - markerSide) / 2,
                                           width: markerSide, height: markerSide))
            let nameX = marker.maxX + g
            let name = basis.fitted(Rect(x: nameX, y: frame.y + max(0, (frame.height - body) / 2),
                                         width: frame.maxX - g - nameX, height: min(body, frame.height)))
            let small = basis.small, both = body + small
            let top = frame.y + max(0, (frame.height - both) / 2)
            let describedName = frame.height >= both ? Rect(x: nameX, y: top, width: name.width, height: body) : name
            let description = frame.height >= both
                ? Rect(x: nameX, y: top + body, width: name.width, height: small) : Rect(x: nameX, y: name.maxY, width: 0, height: 0)
            rows.append(Row(frame: frame, marker: marker, name: name, describedName: basis.fitted(describedName),
                            description: basis.fitted(description)))
        }
        self.rows = rows
    }
}
