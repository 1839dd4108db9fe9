import CCrateShims
import CratePosix
import Glibc

/// Keeps the kernel's text console (its blinking cursor, boot messages, a login prompt)
/// from drawing over the status display when fbcon shares the panel. Every step is best
/// effort: a box whose console is elsewhere, or a daemon without the rights, still runs,
/// and the caller logs what did not work.
public enum Console {
    public static let cursorBlinkPath = "/sys/class/graphics/fbcon/cursor_blink"
    /// The active virtual terminal, then the first one (tty0 may be refused to non-root).
    public static let terminals = ["/dev/tty0", "/dev/tty1"]

    /// Stops fbcon's cursor blinking (it redraws the cursor cell twice a second).
    public static func stopCursorBlink(path: String = cursorBlinkPath) throws(DisplayError) {
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .console(step: "stop the cursor blinking via \(path)", reason: errnoDescription()) }
        defer { close(fd) }
        let written = write(fd, "0\n", 2)
        guard written == 2 else {
            throw .console(step: "stop the cursor blinking via \(path)", reason: written < 0 ? errnoDescription() : "short write")
        }
    }

    /// Switches `terminal` to graphics mode (the kernel then draws no text or cursor on
    /// it), or back to text mode when `graphics` is false.
    public static func setGraphicsMode(terminal: String, graphics: Bool = true) throws(DisplayError) {
        let rc = crate_console_set_mode(terminal, graphics ? 1 : 0)
        guard rc == 0 else {
            throw .console(step: "switch \(terminal) to \(graphics ? "graphics" : "text") mode", reason: errnoDescription(rc))
        }
    }

    /// Does both steps; returns the failures (empty when all went well). Graphics mode is
    /// tried on each terminal in turn until one accepts it.
    public static func keepOffPanel(
        cursorBlinkPath: String = cursorBlinkPath, terminals: [String] = terminals
    ) -> [DisplayError] {
        var failures: [DisplayError] = []
        do { try stopCursorBlink(path: cursorBlinkPath) } catch { failures.append(error) }
        var terminalFailures: [DisplayError] = []
        for terminal in terminals {
            do {
                try setGraphicsMode(terminal: terminal)
                terminalFailures.removeAll()
                break
            } catch {
                terminalFailures.append(error)
            }
        }
        return failures + terminalFailures
    }
}
