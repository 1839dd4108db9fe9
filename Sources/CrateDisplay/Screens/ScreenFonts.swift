/// The fonts of one panel size, one per text role. Sizes follow the panel's short side,
/// so a portrait and a landscape panel of the same size read alike; every role stays at
/// or above 12 px, the smallest Terminus that is comfortable at arm's length.
public struct ScreenFonts: Sendable {
    /// The pixel heights asked of the font library (the fonts it returns may be a little
    /// shorter: the tallest installed size not above the request).
    public struct Heights: Sendable, Equatable {
        /// Status row, times, track numbers, crate name, position.
        public var small: Int
        /// Artist, track title, dial positions, messages, boot detail.
        public var body: Int
        /// The album title: the line that says what this is.
        public var large: Int
        /// "Crate" on the boot screen.
        public var hero: Int

        public init(small: Int, body: Int, large: Int, hero: Int) {
            self.small = small
            self.body = body
            self.large = large
            self.hero = hero
        }

        public init(width: Int, height: Int) {
            let side = max(0, min(width, height))
            self.init(
                small: clamp(side / 20, 12, 20),
                body: clamp(side / 16, 14, 28),
                large: clamp(side / 12, 16, 32),
                hero: clamp(side / 5, 24, 96))
        }
    }

    public let heights: Heights
    public let small: any BitmapFont
    public let body: any BitmapFont
    public let large: any BitmapFont
    public let hero: any BitmapFont

    public init(library: FontLibrary, heights: Heights) {
        self.heights = heights
        small = library.font(height: heights.small)
        body = library.font(height: heights.body)
        large = library.font(height: heights.large, bold: true)
        hero = library.font(height: heights.hero, bold: true)
    }

    public init(library: FontLibrary, width: Int, height: Int) {
        self.init(library: library, heights: Heights(width: width, height: height))
    }
}

private func clamp(_ value: Int, _ low: Int, _ high: Int) -> Int { min(high, max(low, value)) }
