// crate-display-bench: what the status display costs.
//
//   crate-display-bench [SECONDS]
//
// 1. A full 480×320 now-playing frame (cover, text, progress bar): draw, and draw plus
//    copy into an in-memory RGB565 panel, 300 times each; min, median and p99 ms.
//    Target: < 5 ms per frame in a release build.
// 2. The display service as crated runs it while a track plays (480×320, a redraw per
//    second of the track, off-screen) for SECONDS (default 20): CPU time it used as a
//    share of one core. Target: < 1 %.
import CrateCore
import CrateDisplay
import CratePosix
import Glibc
import Logging

/// A cover like a real one: a gradient with noise, so scaling and copying do real work.
struct BenchArtwork: ArtworkProvider {
    func image(for art: ArtworkReference, fitting box: ArtworkBox) -> RGBImage? {
        var image = RGBImage(width: box.width, height: box.height)
        for y in 0..<box.height {
            for x in 0..<box.width {
                image[x, y] = Color.rgb(UInt8(x * 255 / max(1, box.width)), UInt8(y * 255 / max(1, box.height)),
                                        UInt8((x * 31 + y * 17) & 0xFF))
            }
        }
        return image
    }
}

func content(at now: Double) -> DisplayContent {
    DisplayContent(screen: .nowPlaying(NowPlaying(
        artist: "The Long Name Orchestra and Friends", album: "Songs From The Bottom Of A Very Long Crate",
        trackTitle: "An Exceptionally Long Track Title That Will Need An Ellipsis", trackNumber: 7, trackCount: 12,
        elapsed: 83, elapsedAt: now, duration: 241, mark: .playing,
        art: ArtworkReference(albumKey: "bench", trackPath: "/bench/01.mp3"))))
}

func milliseconds(_ body: () -> Void) -> Double {
    let start = MonotonicClock.now()
    body()
    return (MonotonicClock.now() - start) * 1000
}

func report(_ name: String, _ samples: [Double]) {
    let sorted = samples.sorted()
    func r(_ v: Double) -> String { String((v * 100).rounded() / 100) }
    print("\(name): min \(r(sorted[0])) ms, median \(r(sorted[sorted.count / 2])) ms, "
          + "p99 \(r(sorted[sorted.count * 99 / 100])) ms")
}

let seconds = CommandLine.arguments.count > 1 ? max(2, Double(CommandLine.arguments[1]) ?? 20) : 20
let renderer = ScreenRenderer(fonts: FontLibrary(), artwork: BenchArtwork())
var canvas = Canvas(width: 480, height: 320)
renderer.render(content(at: 0), into: &canvas, now: 0)  // fonts and cover loaded once, as in crated

var drawn: [Double] = []
for i in 0..<300 {
    drawn.append(milliseconds { renderer.render(content(at: 0), into: &canvas, now: Double(i)) })
}
report("480×320 frame, draw", drawn)

let stride = 480 * 2
let panel = UnsafeMutableRawPointer.allocate(byteCount: stride * 320, alignment: 8)
defer { panel.deallocate() }
let memory = FramebufferMemory(base: panel, width: 480, height: 320, lineLength: stride, format: .rgb565)
var writer = PanelWriter()
var copied: [Double] = []
for i in 0..<300 {
    copied.append(milliseconds {
        renderer.render(content(at: 0), into: &canvas, now: Double(i))
        _ = writer.copy(canvas, rects: canvas.takeDirty(), to: memory, rotation: .degrees0)
    })
}
report("480×320 frame, draw + copy to RGB565", copied)

// The service, as crated runs it, while a track plays.
let started = MonotonicClock.now()
let service = DisplayService(
    settings: DisplaySettings(device: nil, width: 480, height: 320, rotation: .degrees0, dimAfter: 0, blankAfter: 0),
    logger: Logger(label: "bench"),
    draw: { content, canvas, now in renderer.render(content, into: &canvas, now: now) },
    content: {
        var c = content(at: started)
        if case .nowPlaying(var playing) = c.screen { playing.elapsedAt = started; c.screen = .nowPlaying(playing) }
        return c
    })
func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}
let cpuBefore = cpuSeconds()
try service.start()
usleep(UInt32(seconds * 1_000_000))
service.stop()
let cpu = cpuSeconds() - cpuBefore
let status = service.status()
print("display service while playing, \(Int(seconds)) s: \(status.frames) frames, "
      + "CPU \(String((cpu / seconds * 10000).rounded() / 100)) % of one core")
