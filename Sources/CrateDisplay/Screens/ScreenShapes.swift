/// The few shapes the screens draw besides text and rectangles: discs for records and
/// markers, triangles for the play mark. Drawn as horizontal spans so each costs one
/// `fill` per row, and clipped like everything else on the canvas.
extension Canvas {
    /// A filled disc centred in `square` (its smaller side is the diameter); pixels whose
    /// centres lie inside the circle are painted, so small discs stay symmetric.
    mutating func fillDisc(in square: Rect, color: UInt32) {
        let diameter = min(square.width, square.height)
        guard diameter > 0 else { return }
        let cx = Double(square.x) + Double(square.width) / 2
        let cy = Double(square.y) + Double(square.height) / 2
        fillDisc(centerX: cx, centerY: cy, radius: Double(diameter) / 2, color: color)
    }

    mutating func fillDisc(centerX cx: Double, centerY cy: Double, radius: Double, color: UInt32) {
        guard radius > 0, radius < 1e6, abs(cx) < 1e6, abs(cy) < 1e6 else { return }
        let top = max(0, Int((cy - radius).rounded(.down))), bottom = min(height, Int((cy + radius).rounded(.up)))
        guard top < bottom else { return }
        for row in top..<bottom {
            let dy = Double(row) + 0.5 - cy
            let squared = radius * radius - dy * dy
            guard squared > 0 else { continue }
            let half = squared.squareRoot()
            let left = Int((cx - half - 0.5).rounded(.up)), right = Int((cx + half - 0.5).rounded(.down))
            if right >= left { fill(Rect(x: left, y: row, width: right - left + 1, height: 1), color: color) }
        }
    }

    /// A ring: the disc in `square` with a hole `thickness` pixels in from its edge.
    mutating func strokeCircle(in square: Rect, thickness: Int, color: UInt32, inside: UInt32) {
        fillDisc(in: square, color: color)
        fillDisc(in: square.insetBy(thickness), color: inside)
    }

    /// A triangle pointing right, filling `rect`: its point at the middle of the right edge.
    mutating func fillTriangleRight(in rect: Rect, color: UInt32) {
        guard !rect.isEmpty else { return }
        let h = rect.height
        for row in 0..<h {
            // Distance from the nearer of top and bottom edges, in half pixels, sets the width.
            let fromEdge = min(2 * row + 1, 2 * (h - row) - 1)
            let width = (fromEdge * rect.width + h / 2) / h
            if width > 0 { fill(Rect(x: rect.x, y: rect.y + row, width: width, height: 1), color: color) }
        }
    }
}
