import CrateCore
import CrateWire
import Foundation
import TestSupport
import XCTest

/// Every crate from the knob and buttons alone (genre held opens the crate menu; play held
/// is "more by this artist"), the panel naming the crate the knob is in.
final class CrateMenuDaemonTests: KnobTestCase {
    /// Six one-track albums: two Bebop and one Cool Jazz, one Hard Bop, two rock.
    func makeLibrary() throws {
        let lib = LibraryFixture(root: music, seconds: 2)
        let albums: [(artist: String, title: String, year: Int, genre: String)] = [
            ("Bird", "Bebop Later", 1955, "Bebop"), ("Bird", "Bebop Early", 1949, "Bebop"),
            ("Miles", "Cool Sketches", 1957, "Cool Jazz"), ("Art", "Hard Blowing", 1958, "Hard Bop"),
            ("Loud", "Punk Noise", 1977, "Punk"), ("Loud", "Riff Heavy", 1979, "Hard Rock"),
        ]
        for album in albums {
            try lib.add("\(album.artist)/\(album.title)", [.init(file: "01.mp3", title: "\(album.title) one",
                artist: album.artist, album: album.title, track: "1/1", year: album.year, genre: album.genre)])
        }
    }

    func testKnobAndButtonsAloneReachASubGenreAndPlayItsSecondAlbum() throws {
        try makeLibrary()
        let daemon = try scannedDaemon()
        XCTAssertEqual(try input(daemon, "long", "genre"), "crates 1/8: Crate Wall",
                       "Crate Wall, Favorites, More by this artist, Jazz, Rock, how to make a CDs wallet (none configured), Artists A–Z, Sleep timer")
        XCTAssertTrue(try listHeading("Crates · now Crate", rows: 8, daemon), "the menu says which crate the knob is in")
        XCTAssertEqual(try input(daemon, "turn", "knob", 3), "crates 4/8: Jazz")
        XCTAssertEqual(try input(daemon, "press", "knob"), "jazz 1/4: All Jazz")
        XCTAssertEqual(try input(daemon, "turn", "knob", 1), "jazz 2/4: Bebop")
        XCTAssertEqual(try input(daemon, "press", "knob"), "crate: Bebop (2 albums)")
        XCTAssertEqual(try daemon.status().controls?.mode, .browse)
        XCTAssertTrue(try browseNames("Bebop", daemon), "the browse header names the sub-genre")

        let bebop = try crate(daemon)
        XCTAssertEqual(Set(bebop.items.map(\.album.title)), ["Bebop Later", "Bebop Early"])
        let second = bebop.items[1].album
        XCTAssertEqual(try input(daemon, "turn", "knob", 1), "browse 2/2: Bird — \(second.title)")
        XCTAssertEqual(try input(daemon, "press", "knob"), "play Bird — \(second.title)")
        try daemon.waitFor("the second Bebop album playing") {
            $0.currentTrack?.path.contains("/\(second.title)/") ?? false
        }

        // Back in the menu, the knob starts on Jazz and the sub-list on Bebop.
        XCTAssertEqual(try input(daemon, "long", "genre"), "crates 4/8: Jazz")
        XCTAssertTrue(try listHeading("Crates · now Bebop", rows: 8, daemon))
        XCTAssertEqual(try input(daemon, "press", "knob"), "jazz 2/4: Bebop")
        XCTAssertEqual(try input(daemon, "press", "genre"), "crates 4/8: Jazz", "genre is back")
        XCTAssertEqual(try input(daemon, "long", "genre"), nil, "genre held again closes the menu")
        XCTAssertEqual(try daemon.status().controls?.mode, .nowPlaying)
    }

    func testFavoritesMostRecentlyLikedFirst() throws {
        try makeLibrary()
        let daemon = try scannedDaemon()
        XCTAssertEqual(try input(daemon, "long", "genre"), "crates 1/8: Crate Wall")
        XCTAssertEqual(try input(daemon, "turn", "knob", 1), "crates 2/8: Favorites")
        XCTAssertEqual(try input(daemon, "press", "knob"), "failed: no favorites yet: press like on an album you love")
        XCTAssertEqual(try crate(daemon).name, "Crate", "the knob stays in the crate it was in")

        for title in ["Riff Heavy", "Bebop Early", "Cool Sketches"] {
            _ = try request(daemon, ControlRequest(cmd: .like, album: try albumID(daemon, title)))
        }
        XCTAssertEqual(try input(daemon, "long", "genre"), "crates 1/8: Crate Wall")
        XCTAssertEqual(try input(daemon, "turn", "knob", 1), "crates 2/8: Favorites")
        XCTAssertEqual(try input(daemon, "press", "knob"), "crate: Favorites (3 albums)")
        XCTAssertEqual(try crate(daemon).items.map(\.album.title), ["Cool Sketches", "Bebop Early", "Riff Heavy"])
        XCTAssertTrue(try browseNames("Favorites", daemon))
        XCTAssertEqual(try input(daemon, "turn", "knob", 1), "browse 2/3: Bird — Bebop Early")
    }

    func testMoreByThisArtistFromTheAlbumPlayingAndTheAlbumUnderTheKnob() throws {
        try makeLibrary()
        let daemon = try scannedDaemon()
        XCTAssertEqual(try input(daemon, "long", "play"), "failed: nothing is playing: turn the knob to an album first")
        _ = try request(daemon, ControlRequest(cmd: .play, album: try albumID(daemon, "Bebop Later")))
        XCTAssertEqual(try input(daemon, "long", "play"), "crate: More by Bird (2 albums)")
        let bird = try crate(daemon)
        XCTAssertEqual(bird.items.map(\.album.title), ["Bebop Early", "Bebop Later"], "oldest first")
        XCTAssertEqual(bird.cursor, 1, "the knob on the album it came from")
        XCTAssertTrue(try browseNames("More by Bird", daemon))

        // From browse: the album under the knob, through the menu this time.
        _ = try request(daemon, ControlRequest(cmd: .crate, genre: "Rock"))
        _ = try input(daemon, "turn", "knob", 1)
        let underKnob = try XCTUnwrap(try daemon.status().controls?.browseIndex)
        XCTAssertEqual(try crate(daemon).items[underKnob].album.artist, "Loud")
        XCTAssertEqual(try input(daemon, "long", "genre"), "crates 5/8: Rock", "on the crate the knob is in")
        XCTAssertEqual(try input(daemon, "turn", "knob", -2), "crates 3/8: More by this artist")
        XCTAssertEqual(try input(daemon, "press", "knob"), "crate: More by Loud (2 albums)")
        XCTAssertEqual(try crate(daemon).items.map(\.album.title), ["Punk Noise", "Riff Heavy"])
    }

    func testTheWalletIsInTheMenuWhenThereIsOne() throws {
        try makeLibrary()
        let daemon = try walletDaemon("Loud - Riff Heavy\nArt - Hard Blowing\n").daemon
        XCTAssertEqual(try input(daemon, "long", "genre"), "crates 1/8: Crate Wall")
        XCTAssertEqual(try input(daemon, "turn", "knob", 3), "crates 4/8: CDs wallet")
        XCTAssertEqual(try input(daemon, "press", "knob"), "crate: CDs (2 albums)")
        XCTAssertEqual(try crate(daemon).items.map(\.album.title), ["Hard Blowing", "Riff Heavy"])
        XCTAssertTrue(try browseNames("CDs", daemon))
    }

    func testSeveralGenresAtOnceFromTheCommandLine() throws {
        try makeLibrary()
        let daemon = try scannedDaemon()
        let socket = ["--socket", daemon.socket]
        let both = try AdminProcess.run(["crate"] + socket + ["--genre", "Bebop", "--genre", "hard bop"])
        XCTAssertEqual(both.code, 0, both.err)
        XCTAssertTrue(both.out.hasPrefix("Bebop + Hard Bop"), both.out)
        XCTAssertEqual(Set(try crate(daemon).items.map(\.album.title)), ["Bebop Later", "Bebop Early", "Hard Blowing"])

        let typo = try AdminProcess.run(["crate"] + socket + ["--genre", "Bebop", "--genre", "Hard Bopp"])
        XCTAssertEqual(typo.code, 1)
        XCTAssertTrue(typo.err.contains("unknown genre 'Hard Bopp'"), typo.err)
        XCTAssertEqual(try crate(daemon).name, "Bebop + Hard Bop", "a refused request changes nothing")
        let comma = try AdminProcess.run(["crate"] + socket + ["--genre", "Bebop, Hard Bop"])
        XCTAssertEqual(comma.code, 1)
        XCTAssertTrue(comma.err.contains("for several genres repeat --genre"), comma.err)
        XCTAssertTrue(try AdminProcess.run(["crate", "show", "--help"]).out.contains("Repeat it for several"))
    }

    /// Several sub-genres from the knob: in a super-genre's list a long press marks the
    /// genre under the knob, and the "Play blend" row at the top makes the crate of them all.
    func testABlendOfSubGenresFromTheKnob() throws {
        try makeLibrary()
        let daemon = try scannedDaemon()
        XCTAssertEqual(try input(daemon, "long", "genre"), "crates 1/8: Crate Wall")
        XCTAssertEqual(try input(daemon, "turn", "knob", 3), "crates 4/8: Jazz")
        XCTAssertEqual(try input(daemon, "press", "knob"), "jazz 1/4: All Jazz")
        XCTAssertEqual(try input(daemon, "turn", "knob", 1), "jazz 2/4: Bebop")
        XCTAssertEqual(try input(daemon, "long", "knob"), "blend: Bebop marked (1 genre)")
        XCTAssertEqual(try daemon.status().controls?.mode, .menu, "marking keeps the list open")
        XCTAssertTrue(try listHeading("Jazz · now Crate", rows: 5, daemon), "the list gained the blend's row")
        XCTAssertEqual(try input(daemon, "turn", "knob", 2), "jazz 5/5: Hard Bop", "the knob stayed on Bebop (now 3/5)")
        XCTAssertEqual(try input(daemon, "long", "knob"), "blend: Hard Bop marked (2 genres)")
        XCTAssertEqual(try input(daemon, "turn", "knob", -1), "jazz 4/5: Cool Jazz")
        XCTAssertEqual(try input(daemon, "long", "knob"), "blend: Cool Jazz marked (3 genres)")
        XCTAssertEqual(try input(daemon, "long", "knob"), "blend: Cool Jazz unmarked (2 genres)", "a second long press unmarks")
        XCTAssertEqual(try input(daemon, "turn", "knob", -10), "jazz 1/5: Play blend (2)")
        XCTAssertEqual(try input(daemon, "press", "knob"), "crate: Bebop + Hard Bop (3 albums)")
        XCTAssertEqual(try daemon.status().controls?.mode, .browse)
        XCTAssertTrue(try browseNames("Bebop + Hard Bop", daemon), "the browse header names the blend")
        XCTAssertEqual(Set(try crate(daemon).items.map(\.album.title)), ["Bebop Later", "Bebop Early", "Hard Blowing"])

        // Marks last while the menu is open: a new menu starts without them.
        XCTAssertEqual(try input(daemon, "long", "genre"), "crates 1/8: Crate Wall")
        XCTAssertEqual(try input(daemon, "long", "knob"), nil, "in the top list a long press still closes the menu")
        XCTAssertEqual(try daemon.status().controls?.mode, .nowPlaying)
    }
}
