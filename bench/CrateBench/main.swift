// crate-bench: measures Crate's decode throughput, any format the registry plays.
//
//   crate-bench decode FILE...
//
// Decodes every file to the end with the decoder CrateFormats picks for it (output discarded) and prints
// one JSON line: {"frames":N,"seconds":S,"audio_seconds":A}. `seconds` is wall-clock time
// (CLOCK_MONOTONIC) around decoding only; `audio_seconds` is frames / sample rate.
import CrateFormats
import Glibc

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

func fail(_ message: String) -> Never {
    let line = "crate-bench: \(message)\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
    exit(1)
}

let args = Array(CommandLine.arguments.dropFirst())
guard args.first == "decode", args.count > 1 else {
    fail("usage: crate-bench decode FILE...")
}

let maxFrames = 4096
let buffer = UnsafeMutablePointer<Int32>.allocate(capacity: maxFrames * 2)
defer { buffer.deallocate() }

var frames = 0
var audioSeconds = 0.0
let start = now()
for path in args.dropFirst() {
    do {
        let decoder = try FormatRegistry.makeDecoder(source: try FileByteSource(path: path), path: path)
        var fileFrames = 0
        while true {
            let n = try decoder.read(into: buffer, maxFrames: maxFrames)
            if n == 0 { break }
            fileFrames += n
        }
        frames += fileFrames
        audioSeconds += Double(fileFrames) / Double(decoder.format.sampleRate)
    } catch {
        fail("\(error)")
    }
}
let seconds = now() - start
print("{\"frames\":\(frames),\"seconds\":\(seconds),\"audio_seconds\":\(audioSeconds)}")
