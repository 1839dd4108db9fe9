import CrateDaemon
import CratePosix
import Logging

/// The main thread once the daemon runs: waits for a termination signal and, when
/// systemd watches us (`WatchdogSec=`), checks the daemon goes round before each
/// `WATCHDOG=1`. A stuck engine or socket therefore stops the pings and systemd
/// restarts crated; the real-time thread is never involved.
struct ServiceLoop {
    let daemon: Daemon
    let notifier: ServiceNotifier
    let signals: SignalWaiter
    let logger: Logger

    /// Returns the signal that ended the loop.
    func run() -> Int32 {
        send("ready", { () throws(PosixError) in try notifier.ready(status: daemon.summary()) })
        guard let interval = notifier.watchdogInterval else { return signals.wait() }
        // Three checks per interval: one slow check (the engine may take a few seconds
        // while a stream opens) does not make systemd give up on us.
        let period = max(interval / 3, 0.5)
        logger.info("systemd watchdog: checking every \(period) s (WatchdogSec \(interval) s)")
        var lastProblem: String? = nil
        while true {
            if let signal = signals.wait(seconds: period) { return signal }
            if let problem = daemon.healthProblem() {
                if lastProblem != problem { logger.critical("watchdog ping withheld: \(problem)") }
                lastProblem = problem
                send("status", { () throws(PosixError) in try notifier.status("stuck: \(problem)") })
                continue
            }
            if lastProblem != nil { logger.notice("daemon healthy again; watchdog pings resume") }
            lastProblem = nil
            send("watchdog", { () throws(PosixError) in try notifier.watchdog() })
            send("status", { () throws(PosixError) in try notifier.status(daemon.summary()) })
        }
    }

    func stopping() { send("stopping", { () throws(PosixError) in try notifier.stopping() }) }

    /// A lost notification is logged; the daemon itself goes on (systemd acts on its own
    /// timeouts if the messages never arrive).
    private func send(_ what: String, _ message: () throws(PosixError) -> Void) {
        do { try message() } catch { logger.error("systemd notification '\(what)' not sent: \(error)") }
    }
}
