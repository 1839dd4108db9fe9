/// An axis-aligned rectangle in pixels: `x`, `y` is the top-left corner, `width` and
/// `height` extend right and down. A rectangle with no area is empty, whatever its origin.
public struct Rect: Sendable, Hashable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    // Saturating, so absurd rectangles from callers (Int.max wide) clip instead of trapping.
    public var maxX: Int { saturatingAdd(x, width) }
    public var maxY: Int { saturatingAdd(y, height) }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var area: Int {
        guard !isEmpty else { return 0 }
        let (product, overflow) = width.multipliedReportingOverflow(by: height)
        return overflow ? Int.max : product
    }

    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    public func contains(_ other: Rect) -> Bool {
        other.isEmpty || (!isEmpty && other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY)
    }

    /// The overlap of both, or `.zero` when they do not overlap.
    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return .zero }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    public func intersects(_ other: Rect) -> Bool { !intersection(other).isEmpty }

    /// The smallest rectangle covering both; an empty side is ignored.
    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other.isEmpty ? .zero : other }
        if other.isEmpty { return self }
        let left = min(x, other.x), top = min(y, other.y)
        return Rect(
            x: left, y: top,
            width: saturatingSubtract(max(maxX, other.maxX), left),
            height: saturatingSubtract(max(maxY, other.maxY), top))
    }

    /// Moved by `dx`, `dy`.
    public func offsetBy(dx: Int, dy: Int) -> Rect {
        Rect(x: saturatingAdd(x, dx), y: saturatingAdd(y, dy), width: width, height: height)
    }

    /// Shrunk by `amount` on every side (grown when negative); never below zero size.
    public func insetBy(_ amount: Int) -> Rect {
        let twice = saturatingAdd(amount, amount)
        return Rect(
            x: saturatingAdd(x, amount), y: saturatingAdd(y, amount),
            width: max(0, saturatingSubtract(width, twice)), height: max(0, saturatingSubtract(height, twice)))
    }

    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}

private func saturatingAdd(_ a: Int, _ b: Int) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? (b > 0 ? Int.max : Int.min) : sum
}

private func saturatingSubtract(_ a: Int, _ b: Int) -> Int {
    let (difference, overflow) = a.subtractingReportingOverflow(b)
    return overflow ? (b < 0 ? Int.max : Int.min) : difference
}
