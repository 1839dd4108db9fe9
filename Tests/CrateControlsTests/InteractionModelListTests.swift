import CrateControls
import CrateCore
import XCTest

/// The crate menu (genre held), "more by this artist" (play held) and the track list
/// (knob pressed while an album plays), gesture by gesture.
final class InteractionModelListTests: XCTestCase {
    let second: Nanoseconds = 1_000_000_000
    var model = InteractionModel(idleTimeout: 8_000_000_000)
    var now: Nanoseconds = 1_000_000_000

    let menu = CrateMenu(entries: [
        .init(title: "Crate Wall", choice: .wall),
        .init(title: "Favorites", choice: .favorites),
        .init(title: "More by this artist", choice: .moreByArtist),
        .init(title: "Jazz", choice: .genre("Jazz"), children: [
            .init(title: "All Jazz", choice: .genre("Jazz")),
            .init(title: "Bebop", choice: .genre("Bebop")),
            .init(title: "Hard Bop", choice: .genre("Hard Bop")),
        ]),
        .init(title: "Playlist: late night", choice: .playlist("late night")),
    ], current: .wall, currentName: "Crate")

    func press(_ function: ButtonFunction, long: Bool = false, track: (Int, Int)? = nil) -> [ControlIntent] {
        now += second / 10
        let input = DecodedInput(control: .button(function), gesture: long ? .long : .press, at: now)
        let needs = InteractionModel.needs(input)
        return model.handle(input, now: now, context: InteractionContext(
            dial: 2, track: needs.track ? track.map { PlayingTrack(album: 7, index: $0.0, count: $0.1) } : nil,
            crateMenu: needs.crateMenu ? menu : nil))
    }

    func turn(_ detents: Int, accelerated: Int? = nil) -> [ControlIntent] {
        now += second / 10
        return model.handle(DecodedInput(control: .encoder(.knob), gesture: .turn, detents: detents,
                                         accelerated: accelerated, at: now), now: now, dial: 2)
    }

    func testGenreHeldOpensTheMenuOnTheCurrentCrate() {
        XCTAssertEqual(press(.genre, long: true), [.showCrateMenu(title: "Crates", row: 0, count: 5, name: "Crate Wall")])
        XCTAssertEqual(model.mode.kind, .menu)
        XCTAssertEqual(turn(1, accelerated: 6), [.showCrateMenu(title: "Crates", row: 1, count: 5, name: "Favorites")],
                       "one row per click")
        XCTAssertEqual(turn(-5), [.showCrateMenu(title: "Crates", row: 0, count: 5, name: "Crate Wall")], "stops at the top")
        XCTAssertEqual(turn(-1), [])
        XCTAssertEqual(turn(1), [.showCrateMenu(title: "Crates", row: 1, count: 5, name: "Favorites")])
        XCTAssertEqual(press(.knob), [.enterCrate(.favorites, fromBrowse: false)])
        XCTAssertEqual(model.mode, .browse, "the crate is shown under the knob")
    }

    func testASuperGenreOpensItsSubGenresWithAllFirst() {
        _ = press(.genre, long: true)
        _ = turn(3)
        XCTAssertEqual(press(.knob), [.showCrateMenu(title: "Jazz", row: 0, count: 3, name: "All Jazz")])
        XCTAssertEqual(turn(1), [.showCrateMenu(title: "Jazz", row: 1, count: 3, name: "Bebop")])
        XCTAssertEqual(press(.genre), [.showCrateMenu(title: "Crates", row: 3, count: 5, name: "Jazz")],
                       "genre goes back a level, onto the genre")
        _ = press(.knob)
        _ = turn(2)
        XCTAssertEqual(press(.knob), [.enterCrate(.genre("Hard Bop"), fromBrowse: false)])
    }

    func testTheMenuStartsOnASubGenreCrateInsideItsGenre() {
        var inBebop = CrateMenu(entries: menu.entries, current: .genre("Bebop"), currentName: "Bebop")
        XCTAssertEqual(inBebop.index, 3, "on Jazz")
        XCTAssertEqual(inBebop.currentRow, 3, "Jazz is marked: the crate is inside it")
        inBebop = CrateMenu(entries: menu.entries, current: .playlist("late night"), currentName: "late night")
        XCTAssertEqual(inBebop.currentRow, 4)
    }

    func testTheMenuClosesByGenreLongPressOrIdleness() {
        _ = press(.genre, long: true)
        XCTAssertEqual(press(.genre, long: true), [.showNowPlaying])
        XCTAssertEqual(model.mode, .nowPlaying)
        _ = press(.genre, long: true)
        XCTAssertEqual(press(.genre), [.showNowPlaying], "genre pressed in the menu is back")
        _ = press(.genre, long: true)
        XCTAssertEqual(model.advance(to: now + 8 * second), [.showNowPlaying])
        XCTAssertEqual(model.mode, .nowPlaying)
    }

    func testTheMenuFromBrowseMeansTheAlbumUnderTheKnob() {
        _ = turn(2)
        _ = press(.genre, long: true)
        _ = turn(2)
        XCTAssertEqual(press(.knob), [.enterCrate(.moreByArtist, fromBrowse: true)])
    }

    func testPlayHeldIsMoreByThisArtist() {
        XCTAssertEqual(press(.play, long: true), [.moreByArtist(fromBrowse: false)])
        XCTAssertEqual(model.mode, .browse)
        XCTAssertEqual(press(.play, long: true), [.moreByArtist(fromBrowse: true)], "from browse: the album under the knob")
        XCTAssertEqual(press(.play), [.togglePlay, .showNowPlaying], "a short press is still play/pause")
    }

    func testKnobPressWhilePlayingOpensTheTrackList() {
        XCTAssertEqual(press(.knob, track: (1, 4)), [.showTrack(album: 7, row: 1, count: 4)], "on the track playing")
        XCTAssertEqual(model.mode.kind, .tracks)
        XCTAssertEqual(turn(5), [.showTrack(album: 7, row: 3, count: 4)], "stops at the last track")
        XCTAssertEqual(turn(1), [])
        XCTAssertEqual(turn(-3), [.showTrack(album: 7, row: 0, count: 4)])
        XCTAssertEqual(press(.knob), [.playTrack(album: 7, index: 0)])
        XCTAssertEqual(model.mode, .nowPlaying)
    }

    func testInTheTrackListThePlayingTrackIsPlayPauseAndLongIsBack() {
        _ = press(.knob, track: (2, 3))
        XCTAssertEqual(press(.knob), [.togglePlay], "a knob-only box can still pause")
        _ = press(.knob, track: (2, 3))
        XCTAssertEqual(press(.knob, long: true), [.showNowPlaying])
        XCTAssertEqual(model.mode, .nowPlaying)
        XCTAssertEqual(press(.knob), [.togglePlay], "nothing loaded: play")
    }

    /// In the track list the like button is about the list's album; a like keeps the list,
    /// a dislike skips the album, so its list goes with it.
    func testLikeAndDislikeInTheTrackListAreAboutItsAlbum() {
        XCTAssertEqual(press(.knob, track: (1, 3)), [.showTrack(album: 7, row: 1, count: 3)])
        XCTAssertEqual(press(.like), [.likeInView(album: 7)])
        guard case .tracks = model.mode else { return XCTFail("left the track list: \(model.mode)") }
        XCTAssertEqual(press(.like, long: true), [.dislikeInView(album: 7), .showNowPlaying])
        XCTAssertEqual(model.mode, .nowPlaying)
    }

    func testTransportInAListReturnsToNowPlaying() {
        _ = press(.knob, track: (0, 3))
        XCTAssertEqual(press(.next), [.nextTrack, .showNowPlaying])
        _ = press(.genre, long: true)
        XCTAssertEqual(press(.like), [.like, .showNowPlaying])
        XCTAssertEqual(model.mode, .nowPlaying)
    }

    func testALongPressInASuperGenresListMarksGenresForABlend() {
        _ = press(.genre, long: true)
        _ = turn(3)
        _ = press(.knob)
        _ = turn(1)
        XCTAssertEqual(press(.knob, long: true), [.markForBlend(name: "Bebop", marked: true, count: 1)])
        XCTAssertEqual(turn(1), [.showCrateMenu(title: "Jazz", row: 3, count: 4, name: "Hard Bop")],
                       "the blend's row came first and the knob stayed on Bebop")
        XCTAssertEqual(press(.knob, long: true), [.markForBlend(name: "Hard Bop", marked: true, count: 2)])
        XCTAssertEqual(press(.genre), [.showCrateMenu(title: "Crates", row: 4, count: 6, name: "Jazz")],
                       "back on Jazz, under the blend's row, marks kept")
        XCTAssertEqual(press(.knob, long: true), [.showNowPlaying], "in the top list a long press still closes the menu")
        _ = press(.genre, long: true)
        XCTAssertEqual(turn(3), [.showCrateMenu(title: "Crates", row: 3, count: 5, name: "Jazz")], "a new menu has no marks")
        _ = press(.knob)
        _ = turn(1)
        _ = press(.knob, long: true)
        XCTAssertEqual(press(.knob, long: true), [.markForBlend(name: "Bebop", marked: false, count: 0)], "held again: unmarked")
        XCTAssertEqual(turn(0 - 5), [.showCrateMenu(title: "Jazz", row: 0, count: 3, name: "All Jazz")], "no blend row left")
        _ = turn(1)
        _ = press(.knob, long: true)
        _ = turn(-5)
        XCTAssertEqual(press(.knob), [.enterCrate(.blend(["Bebop"]), fromBrowse: false)])
        XCTAssertEqual(model.mode, .browse)
    }

    func testAPlexAlbumsTrackListEndsWithItsKeepRow() {
        now += second / 10
        let input = DecodedInput(control: .button(.knob), gesture: .press, at: now)
        XCTAssertEqual(model.handle(input, now: now, context: InteractionContext(
            dial: 2, track: PlayingTrack(album: 7, index: 1, count: 2, kept: false))), [.showTrack(album: 7, row: 1, count: 3)])
        XCTAssertEqual(turn(5), [.showTrack(album: 7, row: 2, count: 3)], "past the last track: the keep row")
        XCTAssertEqual(press(.knob), [.keepOffline(album: 7, keep: true)])
        XCTAssertEqual(model.mode, .nowPlaying)
    }
}
