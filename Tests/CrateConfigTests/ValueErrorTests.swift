import CrateConfig
import XCTest

/// Files that are good TOML but not a good configuration: wrong types, values out of
/// range, unknown keys and tables. Each message must name the line, the table and the key.
final class ValueErrorTests: XCTestCase {
    func testTheExampleFromTheDocumentation() {
        let text = """
            # Crate
            state_dir = "/var/lib/crate"

            [audio]
            device = "hw:1,0"
            periods = 4
            rt_priority = "high"
            """
        let error = failure(text, source: "/etc/crate/crate.toml")
        XCTAssertEqual(error.description,
                       #"/etc/crate/crate.toml:7: [audio] rt_priority: expected an integer from 1 to 99, got "high""#)
        XCTAssertEqual(error.source, "/etc/crate/crate.toml")
        XCTAssertEqual(error.line, 7)
        XCTAssertEqual(error.table, "audio")
        XCTAssertEqual(error.key, "rt_priority")
    }

    /// `--check-config` must refuse what the daemon could not bind: `sun_path` is 108 bytes.
    func testASocketPathTooLongForAUnixSocketIsRefused() {
        let long = "/run/" + String(repeating: "x", count: 103)  // 108 bytes: one too many
        expect("[control]\n\nsocket = \"\(long)\"",
               "c.toml:3: [control] socket: a Unix socket path may be at most 107 bytes, this one is 108")
        let longest = String(long.dropLast())
        XCTAssertEqual(try CrateConfig.parse("[control]\nsocket = \"\(longest)\"", source: "c.toml").control.socket, longest)
    }

    func testControlLimitsAreRead() throws {
        let config = try CrateConfig.parse("[control]\nmax_clients = 8\nrequest_timeout = 5", source: "c.toml")
        XCTAssertEqual(config.control.maxClients, 8)
        XCTAssertEqual(config.control.requestTimeout, 5)
        expect("[control]\nmax_clients = 0", "c.toml:2: [control] max_clients: expected an integer from 1 to 1000, got 0")
    }

    func testWrongTypes() {
        expect("state_dir = 5", #"c.toml:1: state_dir: expected a directory path (a non-empty string), got 5"#)
        expect("\n[control]\nsocket = ['/a']",
               #"c.toml:3: [control] socket: expected a socket path (a non-empty string), got ["/a"]"#)
        expect("[control]\nsocket_mode = \"0660\"",
               #"c.toml:2: [control] socket_mode: expected a permission mode from 0o000 to 0o777, written in octal like 0o660, got "0660""#)
        expect("[audio]\n\ndevice = 1",
               #"c.toml:3: [audio] device: expected an ALSA device name like "hw:1,0", got 1"#)
        expect("[audio]\nperiods = 4.0", "c.toml:2: [audio] periods: expected an integer from 2 to 64, got 4.0")
        expect("[audio]\nbuffer_seconds = \"2\"",
               #"c.toml:2: [audio] buffer_seconds: expected a number of seconds from 0.5 to 30, got "2""#)
        expect("[audio]\npacing = true", #"c.toml:2: [audio] pacing: expected "device" or "clock", got true"#)
        expect("[library]\npaths = \"/srv/music\"",
               #"c.toml:2: [library] paths: expected an array of strings, got "/srv/music" (write ["/srv/music"])"#)
        expect("[log]\nlevel = 3",
               #"c.toml:2: [log] level: expected "trace", "debug", "info", "notice", "warning", "error" or "critical", got 3"#)
    }

    func testEmptyStringsAreRefused() {
        expect("[audio]\ndevice = \"\"", #"c.toml:2: [audio] device: expected an ALSA device name like "hw:1,0", got """#)
        expect("state_dir = ''", #"c.toml:1: state_dir: expected a directory path (a non-empty string), got """#)
    }

    func testValuesOutOfRange() {
        expect("[audio]\nrt_priority = 0", "c.toml:2: [audio] rt_priority: expected an integer from 1 to 99, got 0")
        expect("[audio]\nrt_priority = 100", "c.toml:2: [audio] rt_priority: expected an integer from 1 to 99, got 100")
        expect("[audio]\nperiod_frames = 63",
               "c.toml:2: [audio] period_frames: expected an integer from 64 to 65536, got 63")
        expect("[audio]\nperiod_frames = 65537",
               "c.toml:2: [audio] period_frames: expected an integer from 64 to 65536, got 65537")
        expect("[audio]\nperiods = 1", "c.toml:2: [audio] periods: expected an integer from 2 to 64, got 1")
        expect("[audio]\nperiods = 65", "c.toml:2: [audio] periods: expected an integer from 2 to 64, got 65")
        expect("[plex]\nmax_shrink_percent = 101",
               "c.toml:2: [plex] max_shrink_percent: expected an integer from 0 to 100, got 101")
        expect("[audio]\nbuffer_seconds = 0.4",
               "c.toml:2: [audio] buffer_seconds: expected a number of seconds from 0.5 to 30, got 0.4")
        expect("[audio]\nbuffer_seconds = 31",
               "c.toml:2: [audio] buffer_seconds: expected a number of seconds from 0.5 to 30, got 31")
        expect("[audio]\nbuffer_seconds = nan",
               "c.toml:2: [audio] buffer_seconds: expected a number of seconds from 0.5 to 30, got nan")
        expect("[control]\nsocket_mode = 0o1000",
               "c.toml:2: [control] socket_mode: expected a permission mode from 0o000 to 0o777, written in octal like 0o660, got 512 (octal 0o1000)")
        expect("[control]\nsocket_mode = 660",
               "c.toml:2: [control] socket_mode: expected a permission mode from 0o000 to 0o777, written in octal like 0o660, got 660 (octal 0o1224)")
        expect("[control]\nsocket_mode = -1",
               "c.toml:2: [control] socket_mode: expected a permission mode from 0o000 to 0o777, written in octal like 0o660, got -1")
    }

    func testValuesNotInTheList() {
        expect("[audio]\npacing = \"Clock\"",
               #"c.toml:2: [audio] pacing: expected "device" or "clock", got "Clock" (did you mean "clock"?)"#)
        expect("[log]\nlevel = \"verbose\"",
               #"c.toml:2: [log] level: expected "trace", "debug", "info", "notice", "warning", "error" or "critical", got "verbose""#)
        expect("[log]\nlevel = \"warn\"",
               #"c.toml:2: [log] level: expected "trace", "debug", "info", "notice", "warning", "error" or "critical", got "warn" (did you mean "warning"?)"#)
    }

    func testABadArrayElementPointsAtItsOwnLine() {
        let text = """
            [library]
            paths = [
                "/srv/music",
                # a comment
                42,
            ]
            """
        expect(text, "c.toml:5: [library] paths: expected an array of non-empty strings, element 2 is 42")
        expect("[library]\npaths = ['/a', '']",
               #"c.toml:2: [library] paths: expected an array of non-empty strings, element 2 is """#)
    }

    func testUnknownKeys() {
        expect("stat_dir = '/x'", "c.toml:1: stat_dir: unknown key (did you mean state_dir?)")
        expect("[audio]\ndevice = 'null'\n\nrt-priority = 50",
               "c.toml:4: [audio] rt-priority: unknown key (did you mean rt_priority?)")
        expect("[audio]\nvolume = 11",
               "c.toml:2: [audio] volume: unknown key; the keys here are device, rt_priority, period_frames, periods, buffer_seconds, sample_format, replaygain, pacing, mixer_control and mixer_device")
        expect("[library]\npath = ['/srv/music']", "c.toml:2: [library] path: unknown key (did you mean paths?)")
        expect("[log]\nLevel = 'info'", "c.toml:2: [log] Level: unknown key (did you mean level?)")
        expect("audio = 3", "c.toml:1: audio: expected the table [audio] on a line of its own, got 3")
        expect("\"odd key\" = 1", #"c.toml:1: "odd key": unknown key; the keys here are state_dir"#)
    }

    func testUnknownTables() {
        expect("[audio]\nperiods = 4\n\n[audoi]\ndevice = 'hw:1'",
               "c.toml:4: [audoi]: unknown table (did you mean [audio]?)")
        expect("# Spotify\n[spotify]\ntoken = 'x'",
               "c.toml:2: [spotify]: unknown table; the tables are [control], [audio], [library], [crate], [playback], [controls], [display], [plex], [mpd], [web], [snapcast], [lastfm] and [log]")
        expect("[plex]\ntoken = 'x'", "c.toml:2: [plex] token: unknown key; the keys here are tv_url, server_url, page_size, sync_interval, cache_mb, dislike_rating, download_ahead, stall_timeout, max_shrink_percent and wallet_playlist")
        expect("[audio]\n[audio.alsa]\nperiods = 4", "c.toml:2: [audio.alsa]: unknown table; [audio] has no sub-tables")
        expect("[log]\nlevel.x = 1", "c.toml:2: [log] level: unknown key; [log] has no dotted keys")
    }

    func testTheEarliestProblemInTheFileIsReported() {
        let text = """
            [log]
            level = "loud"
            [audio]
            periods = 1
            """
        expect(text, #"c.toml:2: [log] level: expected "trace", "debug", "info", "notice", "warning", "error" or "critical", got "loud""#)
        expect("[zzz]\n[audio]\nperiods = 1", "c.toml:1: [zzz]: unknown table; the tables are [control], [audio], [library], [crate], [playback], [controls], [display], [plex], [mpd], [web], [snapcast], [lastfm] and [log]")
    }
}

/// The error `text` must fail with.
func failure(_ text: String, source: String = "c.toml",
             file: StaticString = #filePath, line: UInt = #line) -> ConfigError {
    do {
        let config = try CrateConfig.parse(text, source: source)
        XCTFail("expected an error, got \(config)", file: file, line: line)
    } catch {
        return error
    }
    return ConfigError(source: source, line: nil, message: "(parsed without an error)")
}

/// `text` must fail with exactly `description`.
func expect(_ text: String, _ description: String, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(failure(text, file: file, line: line).description, description, file: file, line: line)
}

/// `[lastfm]`: off by default, the key and secret only together, the minimum in range.
final class LastFMConfigTests: XCTestCase {
    func testLastFMIsOffByDefaultAndNeedsBothKeyAndSecret() throws {
        XCTAssertFalse(CrateConfig().lastfm.isEnabled)
        expect("[lastfm]\napi_key = \"k\"", "c.toml:1: [lastfm] api_secret: api_key and api_secret go together: set both to scrobble, or neither")
        expect("[lastfm]\nmin_track_seconds = 0", "c.toml:2: [lastfm] min_track_seconds: expected seconds from 0.5 to 30, got 0")
    }
}
