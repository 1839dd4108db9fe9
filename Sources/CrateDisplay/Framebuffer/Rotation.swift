/// How the logical picture is turned onto the panel, clockwise: with `.degrees90` a
/// 320×240 landscape panel shows a 240×320 portrait canvas whose top edge runs down the
/// panel's right side. Set to match how the panel is mounted in the box.
public enum Rotation: Int, Sendable, CaseIterable, CustomStringConvertible {
    case degrees0 = 0
    case degrees90 = 90
    case degrees180 = 180
    case degrees270 = 270

    /// Any multiple of 90, negative meaning anticlockwise (-90 is 270); nil otherwise.
    public init?(degrees: Int) {
        guard degrees % 90 == 0 else { return nil }
        self.init(rawValue: ((degrees % 360) + 360) % 360)
    }

    /// Whether width and height trade places.
    public var swapsAxes: Bool { self == .degrees90 || self == .degrees270 }

    /// The canvas size for a panel of `panelWidth` × `panelHeight`.
    public func logicalSize(panelWidth: Int, panelHeight: Int) -> (width: Int, height: Int) {
        swapsAxes ? (panelHeight, panelWidth) : (panelWidth, panelHeight)
    }

    /// Where logical pixel `x`, `y` of a `logicalWidth` × `logicalHeight` canvas lands on
    /// the panel.
    public func panelPoint(x: Int, y: Int, logicalWidth: Int, logicalHeight: Int) -> (x: Int, y: Int) {
        switch self {
        case .degrees0: (x, y)
        case .degrees90: (logicalHeight - 1 - y, x)
        case .degrees180: (logicalWidth - 1 - x, logicalHeight - 1 - y)
        case .degrees270: (y, logicalWidth - 1 - x)
        }
    }

    public var description: String { "\(rawValue)°" }
}
