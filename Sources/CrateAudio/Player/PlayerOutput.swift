import CrateCore
import Logging

/// The sink the player writes to, chosen once at start: a snapcast stream when one is
/// configured, else the configured ALSA PCM, or with nothing configured `default`, or the
/// null sink when there is no card at all. Each kind of sink is one folder under
/// `Output/` and one line in `open`.
struct PlayerOutput: Sendable {
    let sink: (any OutputSink)?
    let status: OutputStatus
    let settings: AudioOutputSettings
    /// Fills in `status` from what the writer last published about the sink.
    let describe: @Sendable (SinkReport, inout OutputStatus) -> Void
    /// Opens the same device again with the same settings, for a sink that can vanish
    /// and come back (a USB DAC); nil when there is nothing to wait for.
    var reopen: (@Sendable () throws(AudioError) -> any OutputSink)? = nil

    static func open(settings: AudioOutputSettings, logger: Logger) -> PlayerOutput {
        if let stream = settings.snapcast { return SnapcastSink.open(stream, settings: settings, logger: logger) }
        return ALSADevice.open(settings: settings, logger: logger)
    }

    static func status(_ name: String, kind: OutputKind, settings: AudioOutputSettings, fallback: Bool = false,
                       message: String? = nil) -> OutputStatus {
        OutputStatus(device: name, kind: fallback ? .null : kind, isFallback: fallback, message: message, realtime: false,
                     rtPriority: settings.rtPriority, underruns: 0)
    }
}

extension ALSADevice {
    /// The configured PCM, or `default`, or the null sink when there is no card.
    static func open(settings: AudioOutputSettings, logger: Logger) -> PlayerOutput {
        func attempt(_ name: String, clockPaced: Bool) throws(AudioError) -> ALSADevice {
            try ALSADevice(name: name, periodFrames: settings.periodFrames, periods: settings.periods,
                           formats: DeviceSampleFormat.preference(settings.sampleFormat), clockPaced: clockPaced)
        }
        func output(_ device: ALSADevice?, _ name: String, fallback: Bool = false, _ message: String? = nil) -> PlayerOutput {
            PlayerOutput(sink: device, status: PlayerOutput.status(name, kind: .alsa, settings: settings, fallback: fallback, message: message),
                         settings: settings, describe: describe)
        }
        let name = settings.device ?? "default"
        let reopen: @Sendable () throws(AudioError) -> any OutputSink = { () throws(AudioError) -> any OutputSink in
            try ALSADevice(name: name, periodFrames: settings.periodFrames, periods: settings.periods,
                           formats: DeviceSampleFormat.preference(settings.sampleFormat), clockPaced: settings.clockPaced)
        }
        do {
            let device = try attempt(name, clockPaced: settings.clockPaced)
            logger.info("audio output: ALSA '\(name)'\(settings.clockPaced ? " (clock-paced)" : "")")
            var opened = output(device, name)
            opened.reopen = reopen
            return opened
        } catch {
            if settings.device != nil {
                // A DAC switched on after the box: waited for from the start (OutputRecovery).
                let message = "waiting for the DAC: \(error.userMessage)"
                logger.error("audio output unavailable, \(message)")
                var waiting = output(nil, name, message)
                waiting.reopen = reopen
                return waiting
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

    /// The card's rate and format; a conversion when the format drops source bits.
    @Sendable static func describe(_ report: SinkReport, _ output: inout OutputStatus) {
        let rate = report.sourceRate
        output.sampleRate = rate > 0 ? rate : nil
        output.channels = rate > 0 ? 2 : nil
        output.sampleFormat = rate > 0 ? DeviceSampleFormat.allCases[report.formatIndex].rawValue : nil
        if rate > 0, report.bitsLost > 0, let format = output.sampleFormat {
            output.conversion = "\(report.bitsLost) of the source's bits dropped: the device takes nothing deeper than \(format)"
        }
    }
}
