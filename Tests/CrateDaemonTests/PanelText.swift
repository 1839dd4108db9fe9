import CrateCore
import CrateDisplay
import CrateWire
import Foundation
import TestSupport
import XCTest

extension XCTestCase {
    /// The panel as the daemon draws it now (`display-snapshot`, a fresh frame), decoded.
    func snapshot(_ daemon: DaemonProcess) throws -> RGBImage {
        let text = try XCTUnwrap(try request(daemon, ControlRequest(cmd: .displaySnapshot)).snapshot)
        return try PNGSnapshot.decode([UInt8](try XCTUnwrap(Data(base64Encoded: text))))
    }
}

/// True when `image` shows `text` in the layout's `box`, as the screens draw it
/// (`alignment`, `font` in `color`, on the background): the string is drawn the same way on
/// an empty canvas and the box compared pixel for pixel, and it must have ink (20 pixels
/// at least), so an empty box never passes.
func panelShows(_ text: String, in image: RGBImage, box: (ScreenLayout) -> Rect,
                font: (ScreenFonts) -> any BitmapFont, color: (ScreenTheme) -> UInt32,
                alignment: ScreenText.Alignment = .leading) -> Bool {
    let layout = ScreenLayout(width: image.width, height: image.height, library: FontLibrary())
    let rect = box(layout)
    let theme = ScreenTheme.standard
    var expected = Canvas(width: image.width, height: image.height, background: theme.background)
    let origin = ScreenText.origin(of: text, in: rect, font: font(layout.fonts), alignment: alignment)
    _ = expected.drawText(text, x: origin.x, y: origin.y, font: font(layout.fonts), color: color(theme),
                          maxWidth: rect.width)
    var inked = 0
    for y in rect.y..<rect.maxY {
        for x in rect.x..<rect.maxX {
            if expected.image[x, y] != image[x, y] { return false }
            if expected.image[x, y] != theme.background { inked += 1 }
        }
    }
    return inked > 20
}

/// True when `words` fit uncut in the message box of a panel the size of `image`.
func messageFitsWhole(_ words: String, in image: RGBImage) -> Bool {
    let layout = ScreenRenderer(fonts: FontLibrary(), artwork: nil).layout(width: image.width, height: image.height)
    let lines = ScreenText.wrap(words, font: layout.fonts.body, width: layout.messageTextWidth, maxLines: 100)
    return lines.count <= layout.messageMaxLines
}

/// Pixels of the message box in `image` that differ from the box drawn alone with `words`
/// (0: the panel says exactly that; the box covers whatever is under it).
func messageBoxDifference(_ words: String, in image: RGBImage, kind: Message.Kind = .error) -> Int {
    let renderer = ScreenRenderer(fonts: FontLibrary(), artwork: nil)
    var expected = Canvas(width: image.width, height: image.height, background: ScreenTheme.standard.background)
    renderer.render(DisplayContent(screen: .boot(detail: ""), message: Message(words, kind: kind)), into: &expected, now: 0)
    let layout = renderer.layout(width: image.width, height: image.height)
    let lines = ScreenText.wrap(words, font: layout.fonts.body, width: layout.messageTextWidth,
                                maxLines: layout.messageMaxLines)
    let box = layout.message(lineCount: lines.count).box
    var differing = 0
    for y in box.y..<box.maxY { for x in box.x..<box.maxX where expected.image[x, y] != image[x, y] { differing += 1 } }
    return differing
}

/// True when `image` has `mark`'s badge at `spot`: every pixel of the drawn heart or
/// cross is there.
func panelShowsMark(_ mark: OpinionMark, at spot: (ScreenLayout) -> Rect, in image: RGBImage) -> Bool {
    let layout = ScreenLayout(width: image.width, height: image.height, library: FontLibrary())
    let theme = ScreenTheme.standard
    var expected = Canvas(width: image.width, height: image.height, background: theme.background)
    let rect = spot(layout)
    expected.drawOpinionMark(mark, in: rect, theme: theme)
    var inked = 0
    for y in rect.y..<rect.maxY {
        for x in rect.x..<rect.maxX where expected.image[x, y] != theme.background {
            if expected.image[x, y] != image[x, y] { return false }
            inked += 1
        }
    }
    return inked > 5
}
