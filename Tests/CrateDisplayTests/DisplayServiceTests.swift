import CrateCore
import CrateDisplay
import CratePosix
import Glibc
import Logging
import XCTest

/// The display thread: it draws what it is given, dims and blanks when left alone, and
/// lights up again at a touch.
final class DisplayServiceTests: XCTestCase {
    let renderer = ScreenRenderer(fonts: FontLibrary(), artwork: nil)

    func service(dim: Double, blank: Double, content: @escaping @Sendable () -> DisplayContent) -> DisplayService {
        DisplayService(
            settings: DisplaySettings(device: nil, width: 240, height: 240, rotation: .degrees0,
                                      dimAfter: dim, blankAfter: blank),
            logger: Logger(label: "test"),
            draw: { [renderer] content, canvas, now in renderer.render(content, into: &canvas, now: now) },
            content: content)
    }

    func waitForPower(_ service: DisplayService, _ power: String, timeout: Double = 10) throws {
        let deadline = MonotonicClock.now() + timeout
        while service.status().power != power {
            guard MonotonicClock.now() < deadline else {
                XCTFail("never reached \(power): \(service.status())")
                return
            }
            usleep(20_000)
        }
    }

    func brightest(_ png: [UInt8]) throws -> UInt32 {
        let image = try PNGSnapshot.decode(png)
        return image.pixels.map { max(Color.red(of: $0), Color.green(of: $0), Color.blue(of: $0)) }.max().map(UInt32.init) ?? 0
    }

    func testIdleDimsThenBlanksAndATouchLightsItAgain() throws {
        let display = service(dim: 0.3, blank: 0.8) { DisplayContent(screen: .boot(detail: "Turn the knob")) }
        try display.start()
        defer { display.stop() }
        let lit = try brightest(try display.snapshot())
        XCTAssertGreaterThan(lit, 200, "white text on the boot screen")
        XCTAssertEqual(display.status().power, "on")

        try waitForPower(display, "dimmed")
        let dimmed = try brightest(try display.snapshot())
        XCTAssertLessThan(dimmed, lit / 2, "dimmed to a third")
        XCTAssertGreaterThan(dimmed, 0)

        try waitForPower(display, "blank")
        XCTAssertEqual(try brightest(try display.snapshot()), 0, "dark: nothing drawn")

        display.invalidate(activity: true)
        try waitForPower(display, "on")
        XCTAssertEqual(try brightest(try display.snapshot()), lit)
    }

    func testNothingBlanksWhileATrackPlays() throws {
        let started = MonotonicClock.now()
        let display = service(dim: 0, blank: 0.3) {
            DisplayContent(screen: .nowPlaying(NowPlaying(
                artist: "A", album: "B", trackTitle: "C", trackNumber: 1, trackCount: 2, elapsed: 0,
                elapsedAt: started, duration: 300, mark: .playing, art: nil)))
        }
        try display.start()
        defer { display.stop() }
        usleep(3_500_000)
        let status = display.status()
        XCTAssertEqual(status.power, "on")
        // With no panel (a unit test has none) the elapsed time is not redrawn each second
        // for nobody (issue 42); a panel that is there and lit still is.
        XCTAssertGreaterThanOrEqual(status.frames, 1, "drawn once")
        XCTAssertLessThanOrEqual(status.frames, 2, "not once a second")
    }
}
