import CrateControls
import CrateCore
import XCTest

/// The browse / dial / genre state machine of DESIGN.md, gesture by gesture.
final class InteractionModelTests: XCTestCase {
    let second: Nanoseconds = 1_000_000_000
    var model = InteractionModel(idleTimeout: 8_000_000_000)
    var now: Nanoseconds = 1_000_000_000

    func press(_ function: ButtonFunction, long: Bool = false, dial: Int = 2) -> [ControlIntent] {
        now += second / 10
        return model.handle(DecodedInput(control: .button(function), gesture: long ? .long : .press, at: now),
                            now: now, dial: dial)
    }

    func turn(_ detents: Int, accelerated: Int? = nil, encoder: EncoderFunction = .knob) -> [ControlIntent] {
        now += second / 10
        return model.handle(DecodedInput(control: .encoder(encoder), gesture: .turn, detents: detents,
                                         accelerated: accelerated, at: now), now: now, dial: 2)
    }

    func testTurningBrowsesAndPressingPlaysTheAlbumUnderTheKnob() {
        XCTAssertEqual(model.mode, .nowPlaying)
        XCTAssertEqual(turn(1), [.browse(by: 1, entering: true)], "the first click starts from the album playing")
        XCTAssertEqual(model.mode, .browse)
        XCTAssertEqual(turn(2), [.browse(by: 2, entering: false)])
        XCTAssertEqual(turn(-1, accelerated: -3), [.browse(by: -3, entering: false)], "browse uses acceleration")
        XCTAssertEqual(press(.knob), [.playBrowsed])
        XCTAssertEqual(model.mode, .nowPlaying)
        XCTAssertNil(model.idleDeadline)
    }

    func testAKnobPressWhileNothingIsBrowsedIsPlayPause() {
        XCTAssertEqual(press(.knob), [.togglePlay])
        XCTAssertEqual(press(.play), [.togglePlay])
        XCTAssertEqual(model.mode, .nowPlaying)
    }

    func testBrowseFallsBackToNowPlayingWhenIdle() {
        _ = turn(1)
        let deadline = try! XCTUnwrap(model.idleDeadline)
        XCTAssertEqual(deadline, now + 8 * second)
        XCTAssertEqual(model.advance(to: deadline - 1), [])
        XCTAssertEqual(model.mode, .browse)
        XCTAssertEqual(model.advance(to: deadline), [.showNowPlaying])
        XCTAssertEqual(model.mode, .nowPlaying)
        XCTAssertEqual(model.advance(to: deadline + 10 * second), [], "fires once")
        XCTAssertEqual(turn(1), [.browse(by: 1, entering: true)], "a new browse starts from the album playing again")
    }

    func testEveryTurnPushesTheIdleDeadlineBack() {
        _ = turn(1)
        now += 7 * second
        _ = turn(1)
        XCTAssertEqual(model.advance(to: now + 7 * second), [])
        XCTAssertEqual(model.mode, .browse)
    }

    func testDialModeMovesOnePositionPerClickAndConfirmsOnPress() {
        XCTAssertEqual(press(.knob, long: true, dial: 2), [.previewDial(2)], "starts at the confirmed position")
        XCTAssertEqual(model.mode, .dial(position: 2))
        XCTAssertEqual(turn(1, accelerated: 8), [.previewDial(3)], "no acceleration on a five-stop dial")
        XCTAssertEqual(turn(5), [.previewDial(4)], "stops at the last position")
        XCTAssertEqual(turn(1), [], "already at the end")
        XCTAssertEqual(turn(-4), [.previewDial(0)])
        XCTAssertEqual(press(.knob), [.confirmDial(0)])
        XCTAssertEqual(model.mode, .browse, "the new crate is shown under the knob")
    }

    func testDialModeIsCancelledByALongPressOrIdleness() {
        _ = press(.knob, long: true)
        _ = turn(1)
        XCTAssertEqual(press(.knob, long: true), [.showNowPlaying])
        XCTAssertEqual(model.mode, .nowPlaying)
        _ = press(.knob, long: true)
        _ = turn(-1)
        XCTAssertEqual(model.advance(to: now + 8 * second), [.showNowPlaying])
        XCTAssertEqual(model.mode, .nowPlaying, "an unconfirmed position is forgotten")
    }

    func testGenreCyclesAndTheKnobThenFlipsWithinIt() {
        XCTAssertEqual(press(.genre), [.cycleGenre])
        XCTAssertEqual(model.mode, .browse)
        XCTAssertEqual(press(.genre), [.cycleGenre])
        XCTAssertEqual(turn(1), [.browse(by: 1, entering: false)], "within the genre just chosen")
    }

    func testTransportAndOpinionButtons() {
        XCTAssertEqual(press(.next), [.nextTrack])
        XCTAssertEqual(press(.next, long: true), [.nextAlbum])
        XCTAssertEqual(press(.prev), [.previousTrack])
        XCTAssertEqual(press(.prev, long: true), [.previousAlbum])
        XCTAssertEqual(press(.like), [.like])
        XCTAssertEqual(press(.like, long: true), [.dislike])
        XCTAssertEqual(model.mode, .nowPlaying)
    }

    /// In browse the like button is about the album under the knob, which stays in view.
    func testLikeAndDislikeWhileBrowsingAreAboutTheAlbumInView() {
        _ = turn(1)
        XCTAssertEqual(press(.like), [.likeInView(album: nil)])
        XCTAssertEqual(press(.like, long: true), [.dislikeInView(album: nil)])
        XCTAssertEqual(model.mode, .browse)
    }

    func testTransportWhileBrowsingReturnsToNowPlaying() {
        _ = turn(2)
        XCTAssertEqual(press(.prev), [.previousTrack, .showNowPlaying])
        XCTAssertEqual(model.mode, .nowPlaying)
        _ = turn(1)
        XCTAssertEqual(press(.next), [], "next opens the album under the knob: with none (an empty crate), nothing")
        XCTAssertEqual(model.mode, .browse)
        _ = press(.knob, long: true)
        XCTAssertEqual(press(.play), [.togglePlay, .showNowPlaying])
    }

    func testVolumeButtonsAndEncoderDoNotChangeTheMode() {
        _ = turn(1)
        XCTAssertEqual(turn(3, accelerated: 9, encoder: .volume), [.volume(by: 3)])
        XCTAssertEqual(press(.volumeUp), [.volume(by: 1)])
        XCTAssertEqual(press(.volumeDown), [.volume(by: -1)])
        XCTAssertEqual(model.mode, .browse)
    }
}
