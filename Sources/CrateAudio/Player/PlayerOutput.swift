import CrateCore
import Logging

/// The device the player writes to, chosen once at start: the configured PCM, or
/// with nothing configured `default`, or the null sink when there is no card at all.
struct PlayerOutput: Sendable {
    let device: ALSADevice?
    let status: OutputStatus
    let settings: AudioOutputSettings

    static func open(settings: AudioOutputSettings, logger: Logger) -> PlayerOutput {
        func attempt(_ name: String, clockPaced: Bool) throws(AudioError) -> ALSADevice {
            try ALSADevice(name: name, periodFrames: settings.periodFrames, periods: settings.periods,
                           formats: DeviceSampleFormat.preference(settings.sampleFormat), clockPaced: clockPaced)
        }
        func output(_ device: ALSADevice?, _ name: String, fallback: Bool = false, _ message: String? = nil) -> PlayerOutput {
            let status = OutputStatus(device: name, isFallback: fallback, message: message, realtime: false,
                                      rtPriority: settings.rtPriority, underruns: 0)
            return PlayerOutput(device: device, status: status, settings: settings)
        }
        let name = settings.device ?? "default"
        do {
            let device = try attempt(name, clockPaced: settings.clockPaced)
            logger.info("audio output: ALSA '\(name)'\(settings.clockPaced ? " (clock-paced)" : "")")
            return output(device, name)
        } catch {
            if settings.device != nil {
                logger.error("audio output unavailable: \(error.userMessage)")
                return output(nil, name, error.userMessage)
            }
            // Nothing configured and no card: keep the box working on a silent sink.
            let message = "no sound card: \(error.userMessage); playing to a null sink (set [audio] device to choose one)"
            logger.warning("\(message)")
            do {
                // The null sink has no clock: pace it so playback takes real time.
                return output(try attempt("null", clockPaced: true), "null", fallback: true, message)
            } catch {
                logger.error("even the null sink failed: \(error.userMessage)")
                return output(nil, "null", fallback: true, error.userMessage)
            }
        }
    }
}
