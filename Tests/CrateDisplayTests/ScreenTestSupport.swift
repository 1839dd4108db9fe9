import CrateDisplay
import Glibc
import XCTest

/// Shared pieces of the screen tests: panel sizes, sample content, a panel in memory with
/// guard bytes, a cover provider that returns four flat quadrants, and pixel helpers.
enum ScreenFixtures {
    static let sizes = [(240, 240), (320, 240), (240, 320), (480, 320), (320, 480), (800, 480)]
    static let formats: [PixelFormat] = [.rgb565, .xrgb8888]
    static let fonts = FontLibrary()
    /// A library with no console fonts: everything in the built-in font.
    static let builtinFonts = FontLibrary(directory: "/nonexistent/consolefonts")
    static let now = 1000.0

    static let art = ArtworkReference(albumKey: "bowie-hunky-dory", trackPath: "/music/Bowie/Hunky Dory/01.mp3")

    static func playing(album: String = "Hunky Dory", mark: PlaybackMark = .playing, elapsed: Double = 60,
                        duration: Double? = 240, art: ArtworkReference? = ScreenFixtures.art,
                        title: String = "Changes") -> NowPlaying {
        NowPlaying(artist: "David Bowie", album: album, trackTitle: title, trackNumber: 3, trackCount: 11,
                   elapsed: elapsed, elapsedAt: now, duration: duration, mark: mark, art: art)
    }

    static func browse(withNeighbours: Bool = true, index: Int = 3) -> Browse {
        let card = { (title: String, key: String) in
            AlbumCard(artist: "Artist \(key)", title: title, year: 1971, art: ArtworkReference(albumKey: key, trackPath: "/m/\(key).mp3"))
        }
        return Browse(crateName: "Crate", index: index, count: 24,
                      previous: withNeighbours ? card("Before", "a") : nil,
                      current: card("Blue", "b"),
                      next: withNeighbours ? card("After", "c") : nil)
    }

    static let dialPositions = ["My Crate", "Curated", "Mixed Crate", "Deep Dig", "Mystery Crate"]

    static func dial(selected: Int = 2, confirmed: Int = 0) -> Dial {
        Dial(positions: dialPositions, selected: selected, confirmed: confirmed)
    }

    /// One of every screen, for the sweeps.
    static var everyScreen: [(String, DisplayContent)] {
        var all: [(String, DisplayContent)] = [
            ("boot", DisplayContent(screen: .boot(detail: "Scanning library…"))),
            ("boot-reaching", DisplayContent(screen: .boot(detail: "Turn the knob to pick an album"),
                                             reach: ["crate.local · 192.168.1.20", "Open http://crate.local:8080 on your phone"])),
            ("browse", DisplayContent(screen: .browse(browse()))),
            ("browse-alone", DisplayContent(screen: .browse(browse(withNeighbours: false)))),
            ("dial", DisplayContent(screen: .dial(dial()))),
            ("message", DisplayContent(screen: .nowPlaying(playing()), message: Message("Disliked"))),
            ("error-message", DisplayContent(screen: .browse(browse()),
                                             message: Message("Cannot reach the Plex server at 192.168.1.20:32400", kind: .error))),
            ("offline", DisplayContent(screen: .nowPlaying(playing()), offline: true)),
            ("no-art", DisplayContent(screen: .nowPlaying(playing(art: nil)))),
        ]
        let marks: [(String, PlaybackMark)] = [("playing", .playing), ("paused", .paused), ("buffering", .buffering),
                                               ("stopped", .stopped), ("error", .error("Decoder failed: bad frame"))]
        for (name, mark) in marks {
            all.append(("now-\(name)", DisplayContent(screen: .nowPlaying(playing(mark: mark)))))
        }
        return all
    }

    /// What a colour looks like after a trip through the panel's format.
    static func onPanel(_ color: UInt32, _ format: PixelFormat) -> UInt32 {
        format.decode(format.encode(color))
    }

    /// The pixels of `rect` in `image`, row by row.
    static func region(_ image: RGBImage, _ rect: Rect) -> [UInt32] {
        var out: [UInt32] = []
        for y in rect.y..<rect.maxY { for x in rect.x..<rect.maxX { out.append(image[x, y]) } }
        return out
    }

    /// How many pixels of `rect` are not `background`.
    static func inkCount(_ image: RGBImage, _ rect: Rect, background: UInt32 = Color.black) -> Int {
        var count = 0
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX where image.pixels[y * image.width + x] != background { count += 1 }
        }
        return count
    }

    /// Renders `text` as the screens place it, on black, and returns that canvas.
    static func expectedText(_ text: String, in box: Rect, font: any BitmapFont, color: UInt32,
                             alignment: ScreenText.Alignment = .leading, width: Int, height: Int) -> RGBImage {
        var canvas = Canvas(width: width, height: height)
        let origin = textOrigin(text, in: box, font: font, alignment: alignment)
        canvas.drawText(text, x: origin.x, y: origin.y, font: font, color: color, maxWidth: box.maxX - origin.x)
        return canvas.image
    }

    /// Where a line of text belongs in `box`, worked out here rather than through the
    /// renderer's own helper, so a placement bug cannot hide in both: the top of the box
    /// (text boxes are one line tall), and the left edge, the middle or the right edge
    /// of the text as cut to the box.
    static func textOrigin(_ text: String, in box: Rect, font: any BitmapFont,
                           alignment: ScreenText.Alignment) -> (x: Int, y: Int) {
        let cut = TextLayout.fitted(TextLayout.glyphs(for: text, font: font), font: font, maxWidth: box.width).glyphs
        let spare = box.width - cut.count * font.cellWidth
        switch alignment {
        case .leading: return (box.x, box.y)
        case .center: return (box.x + spare / 2, box.y)
        case .trailing: return (box.maxX - cut.count * font.cellWidth, box.y)
        }
    }
}

/// Covers for tests: every album is 100×100 pixels of four flat quadrants (TL red, TR
/// green, BL blue, BR white), or `wide` 200×100 ones; records which boxes were asked for.
final class QuadrantArtwork: ArtworkProvider, @unchecked Sendable {
    static let colors: [UInt32] = [0xE0_2020, 0x20_C020, 0x20_20E0, 0xFF_FFFF]
    let wide: Bool
    private let lock = NSLock()
    private var boxes: [ArtworkBox] = []

    init(wide: Bool = false) { self.wide = wide }

    var requested: [ArtworkBox] { lock.withLock { boxes } }

    func image(for art: ArtworkReference, fitting box: ArtworkBox) -> RGBImage? {
        lock.withLock { boxes.append(box) }
        let width = wide ? 200 : 100, height = 100
        var image = RGBImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { image[x, y] = Self.colors[(y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)] }
        }
        return image
    }
}


/// `rect` of the panel's picture equals `rect` of `expected` as the panel would show it;
/// on failure names the first differing pixel. Also insists the region has ink, so a
/// blank screen cannot pass by matching a blank expectation.
func assertRegion(_ actual: RGBImage, matches expected: RGBImage, in rect: Rect, format: PixelFormat,
                  _ label: String, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertFalse(rect.isEmpty, "empty rect \(label)", file: file, line: line)
    XCTAssertGreaterThan(ScreenFixtures.inkCount(expected, rect), 0, "nothing expected in \(rect) \(label)",
                         file: file, line: line)
    for y in rect.y..<rect.maxY {
        for x in rect.x..<rect.maxX {
            let want = ScreenFixtures.onPanel(expected[x, y], format)
            if actual[x, y] != want {
                return XCTFail("\(label): pixel (\(x), \(y)) is \(String(actual[x, y], radix: 16)), expected "
                               + "\(String(want, radix: 16)) in \(rect) [\(format)]", file: file, line: line)
            }
        }
    }
}

/// Pixels of colour `color` in row `y` from `x0` to `x1` (exclusive).
func countRun(_ image: RGBImage, y: Int, from x0: Int, to x1: Int, color: UInt32) -> Int {
    (x0..<x1).filter { image[$0, y] == color }.count
}
