import CrateDisplay
import Foundation
import XCTest

/// A full now-playing frame at 480×320, again and again, as the display service draws it
/// once a second. Only correctness is asserted; the timing is printed for reference (the
/// < 5 ms budget is checked in release builds by the benchmark).
final class ScreenPerformanceTests: XCTestCase {
    func testFiftyNowPlayingFramesStayCorrect() {
        let renderer = ScreenRenderer(fonts: ScreenFixtures.fonts, artwork: QuadrantArtwork())
        let layout = renderer.layout(width: 480, height: 320)
        let fill = layout.nowPlaying.progressFill
        let playing = ScreenFixtures.playing(elapsed: 0, duration: 200)
        let panel = TestPanel(width: 480, height: 320, format: .rgb565)
        var canvas = Canvas(width: 480, height: 320)
        var total = 0.0
        for frame in 0..<50 {
            let now = ScreenFixtures.now + Double(frame) * 4 // 4 s of 200 s: 2 % a frame
            let start = Date()
            renderer.render(DisplayContent(screen: .nowPlaying(playing), offline: frame % 2 == 0), into: &canvas, now: now)
            total += Date().timeIntervalSince(start)
            panel.show(&canvas)
            let filled = countRun(canvas.image, y: fill.y, from: fill.x, to: fill.maxX, color: ScreenTheme.standard.accent)
            XCTAssertEqual(Double(filled), Double(fill.width) * Double(frame) * 4 / 200, accuracy: 1, "frame \(frame)")
        }
        XCTAssertNil(panel.strayByte())
        print(String(format: "ScreenPerformanceTests: 480×320 now playing, %.2f ms per frame (50 frames)", total / 50 * 1000))
    }
}
