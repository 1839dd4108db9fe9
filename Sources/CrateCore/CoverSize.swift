/// The sizes the `cover` command answers in. A named set rather than any number, so a
/// client cannot make the box scale and cache a picture at every size it can think of,
/// and every answer is bounded: at most `large.side` pixels square, as a JPEG.
public enum CoverSize: String, Sendable, Codable, CaseIterable {
    /// The wall's tiles: a phone's three columns at three device pixels per CSS pixel.
    case thumb
    /// The album and now-playing pages: a laptop's cover at two device pixels per pixel.
    case large

    /// The square the cover is fitted into (its aspect kept), in pixels.
    public var side: Int {
        switch self {
        case .thumb: 320
        case .large: 800
        }
    }

    /// The sizes in words, for an error that refuses another.
    public static var accepted: String {
        allCases.map { "\($0.rawValue) (\($0.side) px)" }.joined(separator: " or ")
    }
}
