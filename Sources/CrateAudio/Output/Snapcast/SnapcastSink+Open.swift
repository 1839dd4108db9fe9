import CrateCore
import CratePosix
import Glibc
import Logging

extension SnapcastSink {
    /// The sink for `stream`, its host resolved now (on the opening thread: a name lookup
    /// may wait, the writer never does). A host that does not resolve leaves no output.
    static func open(_ stream: SnapcastStream, settings: AudioOutputSettings, logger: Logger) -> PlayerOutput {
        let name = "snapcast \(stream)"
        let describe = describer(stream)
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV
        var found: UnsafeMutablePointer<addrinfo>? = nil
        let rc = getaddrinfo(stream.host, String(stream.port), &hints, &found)
        guard rc == 0, let first = found else {
            let message = "snapcast stream: cannot resolve \(stream.host) (\(String(cString: gai_strerror(rc))))"
            logger.error("\(message)")
            return PlayerOutput(sink: nil, status: PlayerOutput.status(name, kind: .snapcast, settings: settings, message: message),
                                settings: settings, describe: describe)
        }
        defer { freeaddrinfo(found) }
        var address = sockaddr_storage()
        withUnsafeMutableBytes(of: &address) { $0.copyMemory(from: UnsafeRawBufferPointer(start: first.pointee.ai_addr,
                                                                                         count: Int(first.pointee.ai_addrlen))) }
        let sink = SnapcastSink(stream: stream, address: address, length: first.pointee.ai_addrlen,
                                periodFrames: settings.periodFrames, periods: settings.periods)
        logger.info("audio output: snapcast stream \(stream), \(stream.format)")
        return PlayerOutput(sink: sink, status: PlayerOutput.status(name, kind: .snapcast, settings: settings), settings: settings,
                            describe: describe)
    }

    /// The stream's fixed format; the conversion when the source is not at it; the
    /// connection's trouble while it lasts.
    static func describer(_ stream: SnapcastStream) -> @Sendable (SinkReport, inout OutputStatus) -> Void {
        { report, output in
            output.sampleRate = stream.sampleRate
            output.channels = 2
            output.sampleFormat = switch stream.bitsPerSample {
            case 16: "S16_LE"
            case 24: "S24_LE"
            default: "S32_LE"
            }
            let bits = stream.bitsPerSample
            if report.sourceRate > 0, report.sourceRate != stream.sampleRate {
                output.conversion = "resampled \(report.sourceRate) → \(stream.sampleRate) Hz (\(Resampler.qualityName))"
                    + (report.sourceBits > bits ? ", \(report.sourceBits)-bit source sent as \(bits)-bit" : "")
            } else if report.sourceRate > 0, report.sourceBits > bits {
                output.conversion = "\(report.sourceBits)-bit source sent as \(bits)-bit: the snapcast stream is \(stream.format)"
            }
            if report.problem != 0 {
                output.message = "snapcast stream: cannot reach \(stream.address) (\(errnoDescription(report.problem))), retrying"
            }
        }
    }
}
