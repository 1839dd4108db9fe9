import CrateDisplay
import XCTest

/// The snapcast rooms at the end of the now-playing status row: drawn only there, in the
/// error colour when a room dropped out.
final class ScreenRoomsTests: XCTestCase {
    private let theme = ScreenTheme.standard
    private let fixtures = ScreenFixtures.self
    private let renderer = ScreenRenderer(fonts: ScreenFixtures.fonts, artwork: QuadrantArtwork())

    private func draw(rooms: String?, problem: Bool, _ w: Int, _ h: Int) -> RGBImage {
        var playing = fixtures.playing()
        playing.rooms = rooms
        playing.roomsProblem = problem
        var canvas = Canvas(width: w, height: h)
        renderer.render(DisplayContent(screen: .nowPlaying(playing)), into: &canvas, now: fixtures.now)
        return canvas.image
    }

    func testRoomsShowInTheStatusRowAndADroppedOutRoomInTheErrorColour() {
        for (w, h) in fixtures.sizes {
            let rect = renderer.layout(width: w, height: h).nowPlaying.trackLine
            let plain = draw(rooms: nil, problem: false, w, h)
            let rooms = draw(rooms: "3 rooms", problem: false, w, h)
            let dropped = draw(rooms: "kitchen dropped out", problem: true, w, h)
            for (image, label) in [(rooms, "3 rooms"), (dropped, "dropped out")] {
                let changed = image.pixels.indices.filter { image.pixels[$0] != plain.pixels[$0] }
                    .map { (x: $0 % w, y: $0 / w) }
                XCTAssertFalse(changed.isEmpty, "\(label) is drawn at \(w)×\(h)")
                XCTAssertTrue(changed.allSatisfy { rect.contains(x: $0.x, y: $0.y) }, "\(label) stays in the status row at \(w)×\(h)")
            }
            XCTAssertGreaterThan(fixtures.region(dropped, rect).filter { $0 == theme.error }.count, 0, "at \(w)×\(h)")
            XCTAssertEqual(fixtures.region(rooms, rect).filter { $0 == theme.error }.count, 0, "at \(w)×\(h)")
        }
    }
}
