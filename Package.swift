// swift-tools-version:6.1
import PackageDescription

// The ~8,700 public symbols of the linked-in modules are nobody's to look up: not
// exporting them leaves their tables (0.7 MB) out of the mapped binary (crate).
let noExportDynamic: [LinkerSetting] = [.unsafeFlags(["-Xlinker", "--no-export-dynamic"], .when(platforms: [.linux]))]

// libgpiod's API is not the same in v1 (Debian 12's libgpiod2) and v2 (Debian 13's
// libgpiod3): CRATE_LIBGPIOD=2 in the environment builds the controls against v2
// (CrateControls/GPIO/LibGPIOD2.swift), unset or 1 against v1 (LibGPIOD1.swift).
// deploy/build-deb.sh sets it from the libgpiod version pkg-config finds in the sysroot.
let libgpiodSettings: [SwiftSetting] = Context.environment["CRATE_LIBGPIOD"] == "2" ? [.define("CRATE_LIBGPIOD_V2")] : []

let package = Package(
    name: "Crate",
    platforms: [.macOS(.v15)],
    products: [
        // crated, crate-admin and crate-web are one executable, run through links of those
        // names (deploy/program-links.sh), so the static Swift runtime is on the card once.
        .executable(name: "crate", targets: ["crate"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        // No traits: Hummingbird's default ones (FullFoundation, ConfigurationSupport) link
        // all of Foundation and its ICU data (~40 MB) into crate-web for URL-encoded form
        // dates and swift-configuration, neither of which the page uses.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
    ],
    targets: [
        // Thin system-library shims: a header and a modulemap, nothing else.
        .systemLibrary(name: "CALSA", pkgConfig: "alsa", providers: [.apt(["libasound2-dev"])]),
        .systemLibrary(name: "CMPG123", pkgConfig: "libmpg123", providers: [.apt(["libmpg123-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CGPIOD", pkgConfig: "libgpiod", providers: [.apt(["libgpiod-dev"])]),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // Headers only: libcurl is opened on first use (CCurlShims), not linked, so a box that
        // never goes online does not map it and its TLS stack.
        .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CFLAC", pkgConfig: "flac", providers: [.apt(["libflac-dev"])]),
        .systemLibrary(name: "CVorbisFile", pkgConfig: "vorbisfile", providers: [.apt(["libvorbis-dev"])]),
        .systemLibrary(name: "COpusFile", pkgConfig: "opusfile", providers: [.apt(["libopusfile-dev"])]),
        .systemLibrary(name: "CFAAD", pkgConfig: "faad2", providers: [.apt(["libfaad-dev"])]),
        // The resampler for a snapcast stream whose rate differs from the album's.
        .systemLibrary(name: "CSoxr", pkgConfig: "soxr", providers: [.apt(["libsoxr-dev"])]),

        // Non-variadic wrappers for the few C calls Swift cannot make directly.
        .target(name: "CCrateShims"),
        // alsa-lib's error hook apart, so only the audio engine links libasound.
        .target(name: "CALSAShims", dependencies: ["CALSA"]),
        // Threads, clocks, errno and Unix sockets: the POSIX plumbing the audio engine and the daemon share.
        .target(name: "CratePosix", dependencies: ["CCrateShims", .product(name: "Logging", package: "swift-log")]),
        // Non-variadic doors into libcurl (curl_easy_setopt and curl_easy_getinfo are variadic).
        .target(name: "CCurlShims", dependencies: ["CCurl"]),
        // HTTP over libcurl: timeouts, retries with backoff, Range, bodies streamed to a sink.
        // Used for Plex (CratePlex), Last.fm, streams and downloads; knows nothing of Plex or Last.fm.
        .target(
            name: "CrateHTTP",
            dependencies: ["CCurl", "CCurlShims", "CratePosix", .product(name: "Logging", package: "swift-log")]
        ),
        // Shared value types; no logic, no C.
        .target(name: "CrateCore"),
        // The control socket's wire types (requests, replies, events), for the socket's
        // front end and its clients (crate-admin, crate-web); no domain module imports it.
        .target(name: "CrateWire", dependencies: ["CrateCore"]),
        // crate.toml: a small TOML reader and the typed configuration, shared by crated and crate-admin.
        .target(name: "CrateConfig", dependencies: ["CrateCore"]),
        // Every file format Crate plays, one folder each, listed in FormatRegistry: how a file
        // is recognised, its tags and exact length, and a decoder over a byte source (file or
        // stream). Shared by the audio engine (decoding) and the library (scanning).
        .target(
            name: "CrateFormats",
            dependencies: ["CrateCore", "CratePosix", "CMPG123", "CFLAC", "CVorbisFile", "COpusFile", "CFAAD"]
        ),
        // The lenient JSON reader for web services' bodies (Plex, plex.tv, Last.fm): strict
        // structure, forgiving text, bounded size and depth, non-JSON bodies named.
        .target(name: "CrateJSON", dependencies: ["CrateCore"]),
        // The thin sqlite3 wrapper: connections, cached statements, transactions, backup.
        .target(name: "CrateSQLite", dependencies: ["CSQLite"]),
        // What music exists: SQLite store, local scanner, genre taxonomy, crates. Never imports
        // CrateAudio, knows nothing of Plex (a remote source's rows are plain store methods).
        .target(
            name: "CrateLibrary",
            dependencies: [
                "CrateCore", "CrateFormats", "CratePosix", "CrateSQLite",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Plex: sign-in, the client and its wire records, sync into the library, playback,
        // the track cache, kept albums, write-backs, covers. Reaches the library's store only
        // through its port (PlexCatalogStore).
        .target(
            name: "CratePlex",
            dependencies: [
                "CrateCore", "CrateFormats", "CratePosix", "CrateHTTP", "CrateJSON", "CrateLibrary",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Last.fm: the signed API client, the scrobble queue (lastfm.sqlite), the listening
        // clock that decides what counts as a play, and the link crated builds from [lastfm]
        // (its state, commands and status). Knows nothing of the library.
        .target(
            name: "CrateLastFM",
            dependencies: [
                "CrateCore", "CrateSQLite", "CrateHTTP", "CratePosix", "CrateJSON", "CrateConfig",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // PCM from files to the speaker. Knows files and samples, nothing about albums.
        .target(
            name: "CrateAudio",
            dependencies: [
                "CrateCore", "CratePosix", "CrateFormats", "CALSA", "CALSAShims", "CCrateShims", "CrateHTTP", "CSoxr",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Buttons and the Crate Dial: libgpiod edges, debouncing, quadrature decoding, the
        // interaction model. Knows nothing about albums or audio: it produces intents.
        .target(
            name: "CrateControls",
            dependencies: [
                "CrateCore", "CrateConfig", "CratePosix", "CGPIOD", "CCrateShims",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: libgpiodSettings
        ),
        // The status display: framebuffer, fonts, artwork, screens. Draws what it is given.
        .target(
            name: "CrateDisplay",
            dependencies: [
                "CrateCore", "CratePosix", "CrateFormats", "CCrateShims", "CTurboJPEG", "CPNG", "CZlib",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // snapserver's JSON-RPC (rooms, volumes, groups, stream control), for crated and crate-admin.
        .target(name: "CrateSnapcast", dependencies: ["CrateCore", "CrateConfig", "CratePosix"]),
        // The snapcast rooms in crated: a thread asking snapserver which rooms play the box
        // (the router sees it through its RoomsReport port).
        .target(
            name: "CrateRooms",
            dependencies: ["CrateSnapcast", "CrateConfig", "CrateCore", "CratePosix", .product(name: "Logging", package: "swift-log")]
        ),
        // The coordinator and the album session: where the domains meet. Front ends give it
        // typed Commands and follow its one event stream; it has no sockets and knows no wire.
        .target(
            name: "CrateRouter",
            dependencies: [
                "CrateCore", "CrateAudio", "CrateFormats", "CrateLibrary", "CratePlex", "CratePosix", "CrateControls",
                "CrateDisplay", "CrateLastFM",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The control socket's front end: newline-delimited JSON over a Unix socket, each
        // request decoded into the router's Command at the edge. Knows nothing of MPD.
        .target(
            name: "CrateControlSocket",
            dependencies: [
                "CrateCore", "CrateWire", "CrateRouter", "CrateControls", "CrateLibrary", "CratePosix",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The MPD protocol's front end, for phone apps: the library as MPD's database, the
        // album queue track by track, transport through the router's Commands. Knows nothing
        // of the control socket.
        .target(
            name: "CrateMPD",
            dependencies: [
                "CrateCore", "CrateRouter", "CrateLibrary", "CrateFormats", "CrateDisplay", "CrateConfig", "CratePosix",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The composition root: builds the domains, the router and the front ends from the
        // configuration and starts them (a new front end is a module and a line here).
        .target(
            name: "CrateDaemon",
            dependencies: [
                "CrateCore", "CrateRouter", "CrateControlSocket", "CrateMPD", "CrateAudio", "CrateFormats", "CrateLibrary", "CratePlex", "CrateConfig", "CratePosix", "CrateControls",
                "CrateDisplay", "CrateHTTP", "CrateRooms", "CrateLastFM",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // crated's command line and main thread (signals, systemd's watchdog), run by `crate`.
        .target(
            name: "CratedProgram",
            dependencies: [
                "CrateDaemon", "CratePosix", "CrateConfig", "CrateCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // crate-admin's commands and their output, run by `crate`.
        .target(
            name: "CrateAdminProgram",
            dependencies: [
                "CrateCore", "CrateWire", "CrateConfig", "CratePosix", "CrateSnapcast", "CrateControlClient",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The control socket's client: newline-delimited JSON requests and the event stream.
        // Shared by crate-admin and crate-web.
        .target(name: "CrateControlClient", dependencies: ["CrateCore", "CrateWire", "CratePosix"]),
        // The web front end's logic: routes, sessions, the origin check, the daemon link.
        .target(
            name: "CrateWeb",
            dependencies: [
                "CrateCore", "CrateWire", "CrateConfig", "CrateControlClient", "CratePosix",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // crate-web's command line, run by `crate`.
        .target(
            name: "CrateWebProgram",
            dependencies: [
                "CrateWeb", "CrateConfig",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The one executable: chooses crated, crate-admin or crate-web by the name it is
        // run as (Sources/crate/Invocation.swift).
        .executableTarget(
            name: "crate",
            dependencies: ["CratedProgram", "CrateAdminProgram", "CrateWebProgram", "CrateCore"],
            linkerSettings: noExportDynamic
        ),
        .executableTarget(
            name: "crate-wall-bench",
            dependencies: ["CrateLibrary", "CrateCore", .product(name: "Logging", package: "swift-log")],
            path: "bench/CrateWallBench"
        ),
        .executableTarget(
            name: "crate-bench",
            dependencies: ["CrateFormats"],
            path: "bench/CrateBench"
        ),
        .executableTarget(
            name: "crate-display-bench",
            dependencies: ["CrateDisplay", "CratePosix", "CrateCore", .product(name: "Logging", package: "swift-log")],
            path: "bench/CrateDisplayBench"
        ),
        // The router's test kit: a player twin on a manual clock, so the queue and crate rules
        // are tested in process in milliseconds, without ALSA or sleeps.
        .target(name: "CrateRouterTesting", dependencies: ["CrateRouter", "CrateAudio", "CrateCore"]),
        .target(name: "TestSupport", dependencies: ["CrateCore", "CrateWire", "CrateFormats", "CratePosix"], path: "Tests/TestSupport"),
        .testTarget(name: "CrateConfigTests", dependencies: ["CrateConfig"]),
        .testTarget(name: "CrateFormatsTests", dependencies: ["CrateFormats", "TestSupport"]),
        .testTarget(name: "CrateJSONTests", dependencies: ["CrateJSON", "TestSupport"]),
        .testTarget(name: "CrateLibraryTests", dependencies: ["CrateLibrary", "CratePlex", "CrateSQLite", "CrateFormats", "TestSupport"]),
        .testTarget(name: "CratePlexTests", dependencies: ["CratePlex", "CrateLibrary", "CrateJSON", "CrateHTTP", "TestSupport", .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "CrateLastFMTests", dependencies: ["CrateLastFM", "CrateCore", "CrateConfig", "CrateHTTP", "TestSupport"]),
        .testTarget(name: "CratePosixTests", dependencies: ["CratePosix"]),
        .testTarget(name: "CrateHTTPTests", dependencies: ["CrateHTTP", "TestSupport"]),
        .testTarget(name: "CrateControlsTests", dependencies: ["CrateControls", "CrateCore"]),
        .testTarget(
            name: "CrateRoomsTests",
            dependencies: ["CrateRooms", "CrateSnapcast", "CrateConfig", "CrateCore", "TestSupport", .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(name: "CrateDisplayTests", dependencies: ["CrateDisplay", "CrateCore", "TestSupport"]),
        .testTarget(name: "CrateAudioTests", dependencies: ["CrateAudio", "CrateFormats", "TestSupport"]),
        .testTarget(name: "CrateWebTests", dependencies: ["CrateWeb", "CrateCore", "CrateWire", "CratePosix", "TestSupport"]),
        .testTarget(
            name: "CrateDaemonTests",
            dependencies: [
                "CrateDaemon", "CrateRouter", "CrateRouterTesting", "CrateControlSocket", "CrateMPD", "CrateWire", "CrateAudio", "CrateDisplay", "CrateSnapcast", "CratePlex", "TestSupport", .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
