import CrateCore
import CrateWire
import Foundation
import TestSupport
import XCTest

/// The MPD listener held against the real thing: Debian's mpd on the same music answers
/// the same, mpc and python-mpd2 drive the box, the capture shows what played.
final class MPDDaemonTests: MPDLibraryTestCase {
    func testTheLibraryAnswersAsTheRealMPDDoes() throws {
        try makeLibrary(seconds: 0.3)
        let mpd = try RealMPD(dir: dir.path, music: music)
        let (daemon, port) = try startCrate()
        defer { withExtendedLifetime(daemon) {} }
        for args in [["list", "album"], ["list", "artist"], ["list", "artist", "group", "album"], ["list", "title"],
                     ["find", "artist", "Solo"], ["search", "title", "f"], ["lsinfo"], ["lsinfo", "Solo"],
                     ["listall"], ["find", "album", "Third"]] {
            XCTAssertEqual(try MPDPeers.run("/usr/bin/mpc", ["-p", String(port)] + args).out,
                           try MPDPeers.run("/usr/bin/mpc", ["-p", String(mpd.port)] + args).out, "mpc \(args)")
        }
        // Songs, albums and artists agree; uptime and play time are each daemon's own.
        XCTAssertEqual(try MPDPeers.mpc(port, "stats").prefix(3), try MPDPeers.mpc(mpd.port, "stats").prefix(3))

        let crate = try MPDLineClient(port: port), real = try MPDLineClient(port: mpd.port)
        XCTAssertTrue(crate.greeting.hasPrefix("OK MPD 0.23."), crate.greeting)
        // By design Crate's songs differ in three tags: AlbumArtist is always given (the track
        // artist, or "Various Artists"), Genre is the taxonomy's super-genre, and duration is
        // the exact gapless length; MPD also sends a Format. The rest must agree.
        let differing = ["AlbumArtist:", "Genre:", "duration:", "Time:", "Format:"]
        func comparable(_ lines: [String]) -> [String] { lines.filter { line in !differing.contains { line.hasPrefix($0) } } }
        for command in ["find \"((Artist == 'Solo') AND (Album contains 'Sec'))\"", "search \"(Title contains 't1')\"",
                        "find \"(!(Artist == 'Solo'))\"", "find artist Solo album First", "search any SOLO",
                        "count artist Solo", "count group artist", "list album \"(Artist == 'Other')\"",
                        "list album Solo", "lsinfo Solo/First/01.mp3", "listallinfo Other",
                        // Errors, word for word.
                        "foo", "status x", "play 1 2", "find", "find \"artist", "find artist\"x\"",
                        "lsinfo nope", "idle x", "binarylimit 10", "add nope", "albumart nope 0", "readpicture nope 0",
                        "listall Solo", "lsinfo Solo"] {
            XCTAssertEqual(comparable(try crate.command(command)), comparable(try real.command(command)), command)
        }
        for command in ["command_list_ok_begin\nping\nstatus x\nping\ncommand_list_end",
                        "command_list_begin\nping\nfoo\ncommand_list_end"] {
            XCTAssertEqual(try crate.command(command), try real.command(command), command)
        }
        XCTAssertEqual(try crate.command("binarylimit 4096"), ["OK"])
        XCTAssertEqual(try real.command("binarylimit 4096"), ["OK"])
        XCTAssertEqual(try crate.binary("albumart", "Solo/First/02.mp3").bytes, try real.binary("albumart", "Solo/First/02.mp3").bytes)
        XCTAssertEqual(try crate.binary("readpicture", "Other/Third/01.mp3").bytes,
                       try real.binary("readpicture", "Other/Third/01.mp3").bytes)

        let doctor = try AdminProcess.run(["doctor", "--socket", daemon.socket, "--config", daemon.configPath])
        let line = doctor.out.split(separator: "\n").first { $0.contains("mpd") && $0.contains("listens on") }
        XCTAssertTrue(line?.hasPrefix("ok") == true && line?.contains("127.0.0.1:\(port) (OK MPD 0.23.0)") == true,
                      "doctor says what listens where:\n\(doctor.out)")
    }

    func testCoverArtComesAsTheExactBytesInBinaryLimitChunks() throws {
        try makeLibrary(seconds: 0.3)
        let (daemon, port) = try startCrate()
        defer { withExtendedLifetime(daemon) {} }
        let client = try MPDLineClient(port: port)
        XCTAssertEqual(try client.command("binarylimit 4096"), ["OK"])
        let art = try client.binary("albumart", "Solo/First/01.mp3")
        XCTAssertEqual(art.bytes, cover, "cover.jpg, byte for byte")
        XCTAssertEqual(art.chunks, [4096, 4096, 4096, 4096, 3620], "chunks of the client's binarylimit")
        let embedded = try client.binary("readpicture", "Other/Third/01.mp3")
        XCTAssertEqual(embedded.bytes, picture, "the picture in the tags, byte for byte")
        XCTAssertTrue(embedded.chunks.allSatisfy { $0 <= 4096 })
        XCTAssertEqual(try client.command("readpicture Solo/Second/01.mp3 0"), ["OK"], "no picture: an empty answer")
        XCTAssertEqual(try client.command("albumart Other/Third/01.mp3 0"), ["ACK [50@0] {albumart} No file exists"])
    }

    func testMPCQueuesWholeAlbumsAndTheyPlayGapless() throws {
        try makeLibrary(seconds: 0.4)
        let (daemon, port) = try startCrate()
        try MPDPeers.mpc(port, "add", "Solo/First/02.mp3")
        try MPDPeers.mpc(port, "add", "Solo")
        XCTAssertEqual(try MPDPeers.mpc(port, "playlist"), ["Solo - F1", "Solo - F2", "Solo - S1", "Solo - S2"],
                       "a track brings its whole album, once; a folder its albums")
        let random = try MPDPeers.run("/usr/bin/mpc", ["-p", String(port), "random", "on"])
        XCTAssertNotEqual(random.code, 0)
        XCTAssertTrue(random.err.contains("albums play in their own order"), random.err)
        try MPDPeers.mpc(port, "play")
        let end = try daemon.waitFor("both albums played", timeout: 20) { $0.state == .idle && $0.tracks.count == 4 }
        XCTAssertEqual(end.tracks.compactMap(\.error), [])
        XCTAssertEqual(daemon.stop(), 0)
        let order = ["Solo/First/01.mp3", "Solo/First/02.mp3", "Solo/Second/01.mp3", "Solo/Second/02.mp3"]
        let expected = try order.flatMap { try ReferenceDecode.samples(of: music + "/" + $0) }
        XCTAssertEqual(try AudioFixtures.readRaw(daemon.capture), expected, "an album added from mpc plays gapless")
    }

    func testMPCTransportBehavesAsOnMPD() throws {
        try makeLibrary(seconds: 4)
        let (daemon, port) = try startCrate()
        try MPDPeers.mpc(port, "add", "Solo/First")
        try MPDPeers.mpc(port, "play")
        XCTAssertEqual(try MPDPeers.mpc(port, "current"), ["Solo - F1"])
        try MPDPeers.mpc(port, "next")
        try daemon.waitFor("F2") { $0.currentTrack?.path.hasSuffix("First/02.mp3") ?? false }
        XCTAssertEqual(try MPDPeers.mpc(port, "current"), ["Solo - F2"])
        try MPDPeers.mpc(port, "seek", "2")
        try daemon.waitFor("the seek") { $0.position >= 2 }
        try MPDPeers.mpc(port, "pause")
        try daemon.waitFor("paused") { $0.state == .paused }
        let status = try MPDPeers.mpc(port, "status")
        XCTAssertEqual(status.first, "Solo - F2")
        XCTAssertTrue(status[1].hasPrefix("[paused]  #2/2"), status[1])
        XCTAssertTrue(status.contains { $0.contains("repeat: off   random: off   single: off   consume: on") }, "\(status)")
        let client = try MPDLineClient(port: port)
        XCTAssertEqual(try client.command("move 0 1"),
                       ["ACK [2@0] {move} tracks keep their album's order: move an album before or after another album"])
        XCTAssertEqual(try client.command("deleteid 999999"), ["ACK [50@0] {deleteid} No such song"])
    }

    /// `mpc del` and `mpc clear` take whole albums out (the one playing stops); a box
    /// without a mixer says so, as MPD does, and shows no volume.
    func testMPCDeleteAndClearTakeWholeAlbumsOutAndWithoutAMixerTheVolumeIsRefused() throws {
        try makeLibrary(seconds: 4)
        let (daemon, port) = try startCrate()
        for folder in ["Solo/First", "Solo/Second", "Other/Third"] { try MPDPeers.mpc(port, "add", folder) }
        try MPDPeers.mpc(port, "play")
        try daemon.waitFor("F1 playing") { $0.state == .playing }
        // mpc counts from 1: S2 stands for its album, Second.
        try MPDPeers.mpc(port, "del", "4")
        XCTAssertEqual(try MPDPeers.mpc(port, "playlist"), ["Solo - F1", "Solo - F2", "Other - T1 x"])
        XCTAssertEqual(try daemon.request(.queue).queue?.queued.map(\.title), ["Third"], "the knob's queue too")
        try MPDPeers.mpc(port, "clear")
        try daemon.waitFor("stopped") { $0.state == .idle }
        XCTAssertEqual(try MPDPeers.mpc(port, "playlist"), [])
        XCTAssertEqual(try daemon.request(.queue).queue?.queued.map(\.title), [])
        let client = try MPDLineClient(port: port)
        XCTAssertEqual(try client.command("getvol"), ["ACK [52@0] {getvol} No mixer"])
        XCTAssertEqual(try client.command("setvol 50"), ["ACK [52@0] {setvol} No mixer"])
        XCTAssertTrue(try client.command("status").contains("volume: -1"))
    }

    /// `mpc stop` then `mpc play`: the stopped album again, from the start of the track it
    /// stopped in, as the library album (the queue names it, the crate follows it).
    func testMPCPlayAfterStopResumesTheStoppedAlbum() throws {
        try makeLibrary(seconds: 4)
        let (daemon, port) = try startCrate()
        _ = try request(daemon, ControlRequest(cmd: .crate, artist: "Solo"))
        try MPDPeers.mpc(port, "add", "Solo/First")
        try MPDPeers.mpc(port, "play")
        try MPDPeers.mpc(port, "next")
        try daemon.waitFor("F2 under way") { $0.currentTrack?.path.hasSuffix("First/02.mp3") == true && $0.position > 1 }
        try MPDPeers.mpc(port, "stop")
        try daemon.waitFor("stopped") { $0.state == .idle }
        try MPDPeers.mpc(port, "play")
        let resumed = try daemon.waitFor("F2 again") { $0.state == .playing && $0.currentTrack?.path.hasSuffix("First/02.mp3") == true }
        XCTAssertLessThan(resumed.position, 1, "from the start of the track")
        XCTAssertEqual(try MPDPeers.mpc(port, "current"), ["Solo - F2"])
        XCTAssertEqual(try request(daemon, ControlRequest(cmd: .queue)).queue?.current?.title, "First")
        try daemon.waitFor("the crate's next album follows") { $0.currentTrack?.path.contains("/Second/") ?? false }
    }

    func testAnIdleClientWakesOnAKnobPressAndSeesTheNewSong() throws {
        try makeLibrary(seconds: 5)
        let (daemon, port) = try startCrate()
        try MPDPeers.mpc(port, "add", "Solo/First")
        try MPDPeers.mpc(port, "play")
        try daemon.waitFor("F1 playing") { $0.state == .playing }
        let script = """
            import mpd, sys, time
            client = mpd.MPDClient()
            client.connect("127.0.0.1", \(port))
            print(client.currentsong()["title"], flush=True)
            sys.stdin.readline()
            start = time.monotonic()
            changed = client.idle()
            print(",".join(sorted(changed)), flush=True)
            print(client.currentsong()["title"], flush=True)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script]
        let out = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardInput = input
        try process.run()
        let reader = out.fileHandleForReading
        func line() -> String {
            var bytes: [UInt8] = []
            while true {
                let byte = reader.readData(ofLength: 1)
                if byte.isEmpty || byte.first == 0x0A { return String(decoding: bytes, as: UTF8.self) }
                bytes += byte
            }
        }
        XCTAssertEqual(line(), "F1")
        input.fileHandleForWriting.write(Data("go\n".utf8))
        let pressed = try AdminProcess.run(["input", "press", "next", "--socket", daemon.socket])
        XCTAssertEqual(pressed.code, 0, pressed.err)
        XCTAssertTrue(line().split(separator: ",").contains("player"), "idle wakes with the player changed")
        XCTAssertEqual(line(), "F2", "and the client sees the new song")
        process.waitUntilExit()
    }

    func testNcmpcppInTmuxShowsTheLibraryAndThePlayingSong() throws {
        // Songs long enough that F1 still plays when a loaded machine's ncmpcpp first draws
        // (CI once saw F2 already playing after 6-second songs).
        try makeLibrary(seconds: 60)
        let (daemon, port) = try startCrate()
        defer { withExtendedLifetime(daemon) {} }
        try MPDPeers.mpc(port, "add", "Solo/First")
        try MPDPeers.mpc(port, "play")
        // A tmux server of the test's own, so no one else's sessions are touched.
        let tmux = ["-L", "crate-mpd-\(getpid())"]
        try MPDPeers.launch("/usr/bin/tmux", tmux + ["new-session", "-d", "-x", "120", "-y", "30",
                                                 "ncmpcpp -h 127.0.0.1 -p \(port)"])
        defer {
            do { try MPDPeers.launch("/usr/bin/tmux", tmux + ["kill-server"]) } catch { XCTFail("tmux kill-server: \(error)") }
        }
        func screen(showing wanted: [String], statusBar: String? = nil) throws -> String {
            let deadline = Date().addingTimeInterval(10)
            var text = ""
            while Date() < deadline {
                text = try MPDPeers.run("/usr/bin/tmux", tmux + ["capture-pane", "-p"]).out
                let bottom = text.split(separator: "\n").suffix(3).joined(separator: "\n")
                if wanted.allSatisfy(text.contains), statusBar.map(bottom.contains) ?? true { return text }
                usleep(100_000)
            }
            XCTFail("ncmpcpp never showed \(wanted):\n\(text)")
            return text
        }
        // The queue, and in the status bar at the bottom the song playing.
        _ = try screen(showing: ["Playlist (2 items", "F1", "F2", "First"], statusBar: "F1")
        try MPDPeers.launch("/usr/bin/tmux", tmux + ["send-keys", "4"])
        _ = try screen(showing: ["Media library", "Artists", "Other", "Solo"])
    }
}
