import CrateCore
import Logging

/// The device the player writes to, chosen once at start: the configured PCM, or
/// with nothing configured `default`, or the null sink when there is no card at all.
struct PlayerOutput: Sendable {
    let device: ALSADevice?
    let status: OutputStatus
    let settings: AudioOutputSettings

    static func open(settings: AudioOutputSettings, logger: Logger) -> PlayerOutput {
        let priority = settings.rtPriority
        func base(_ name: String, fallback: Bool, message: String?) -> OutputStatus {
            OutputStatus(device: name, isFallback: fallback, message: message, realtime: false,
                         rtPriority: priority, underruns: 0)
        }
        let paced = settings.clockPaced
        if let name = settings.device {
            do {
                let device = try ALSADevice(name: name, periodFrames: settings.periodFrames,
                                            periods: settings.periods, clockPaced: paced)
                logger.info("audio output: ALSA '\(name)'\(paced ? " (clock-paced)" : "")")
                return PlayerOutput(device: device, status: base(name, fallback: false, message: nil), settings: settings)
            } catch {
                logger.error("audio output unavailable: \(error.userMessage)")
                return PlayerOutput(device: nil, status: base(name, fallback: false, message: error.userMessage),
                                    settings: settings)
            }
        }
        do {
            let device = try ALSADevice(name: "default", periodFrames: settings.periodFrames,
                                        periods: settings.periods, clockPaced: paced)
            logger.info("audio output: ALSA 'default' (no device configured)")
            return PlayerOutput(device: device, status: base("default", fallback: false, message: nil), settings: settings)
        } catch {
            let message = "no sound card: \(error.userMessage); playing to a null sink (set [audio] device to choose one)"
            logger.warning("\(message)")
            do {
                // The null sink has no clock: pace it so playback takes real time.
                let device = try ALSADevice(name: "null", periodFrames: settings.periodFrames,
                                            periods: settings.periods, clockPaced: true)
                return PlayerOutput(device: device, status: base("null", fallback: true, message: message), settings: settings)
            } catch {
                logger.error("even the null sink failed: \(error.userMessage)")
                return PlayerOutput(device: nil, status: base("null", fallback: true, message: error.userMessage),
                                    settings: settings)
            }
        }
    }
}
