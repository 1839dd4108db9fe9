import Glibc
import Logging

/// The panel as the display thread holds it: the open framebuffer and the writer that
/// sends it changed spans, or why there is none. Owned by the display thread only.
final class PanelConnection {
    private(set) var device: FramebufferDevice?
    private var writer = PanelWriter()
    private(set) var problem: String?
    private var nextAttempt = 0.0
    let settings: DisplaySettings
    let logger: Logger

    init(settings: DisplaySettings, logger: Logger) {
        self.settings = settings
        self.logger = logger
    }

    /// The logical size to draw at: the panel's, rotated, or the configured off-screen size.
    var logicalSize: (width: Int, height: Int) {
        guard let device else { return (settings.width, settings.height) }
        return settings.rotation.logicalSize(panelWidth: device.info.width, panelHeight: device.info.height)
    }

    var formatName: String? { device?.info.pixelFormat?.description }

    /// Opens the panel when it is configured, closed, and due for an attempt; notices a
    /// device node that went away. Returns true when the panel changed (size may differ).
    func maintain(now: Double) -> Bool {
        guard let path = settings.device else { return false }
        if device != nil {
            guard access(path, F_OK) != 0 else { return false }
            close(because: "\(path) went away (driver unloaded or panel unplugged?); retrying every \(Int(settings.retryInterval)) s")
            return true
        }
        guard now >= nextAttempt else { return false }
        nextAttempt = now + settings.retryInterval
        do {
            let opened = try FramebufferDevice(path: path)
            device = opened
            writer.invalidate()
            if problem != nil { logger.notice("display: \(path) is back") }
            problem = nil
            logger.info("display: \(opened.info), rotated \(settings.rotation)")
            for failure in Console.keepOffPanel() {
                logger.warning("display: the text console may draw on the panel: \(failure)")
            }
            return true
        } catch {
            let message = "\(error)"
            if message != problem { logger.error("display: \(message); retrying every \(Int(settings.retryInterval)) s") }
            problem = message
            return false
        }
    }

    /// Sends the changed parts of `frame` to the panel.
    func show(_ frame: Canvas, rects: [Rect]) {
        guard let device, device.isOpen else { return }
        _ = writer.copy(frame, rects: rects, to: device.memory, rotation: settings.rotation)
    }

    /// What the panel shows, read back (so a snapshot includes RGB565 rounding).
    func readBack() -> RGBImage? {
        guard let device, device.isOpen else { return nil }
        return device.memory.readImage(rotation: settings.rotation)
    }

    func close(because reason: String? = nil) {
        if device != nil && reason == nil {
            // Stopping: give the text console back to the panel's terminal.
            for terminal in Console.terminals {
                do {
                    try Console.setGraphicsMode(terminal: terminal, graphics: false)
                    break
                } catch {
                    logger.debug("display: \(error)")
                }
            }
        }
        device?.close()
        device = nil
        if let reason {
            problem = reason
            logger.error("display: \(reason)")
        }
    }
}
