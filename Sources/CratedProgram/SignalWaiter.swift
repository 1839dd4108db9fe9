import Glibc

/// Termination signals handled synchronously: blocked in every thread (the mask is
/// inherited by threads started later) and collected here with sigwait, so shutdown runs
/// as ordinary code rather than in a signal handler.
struct SignalWaiter {
    private var set = sigset_t()

    static func blockTerminationSignals() -> SignalWaiter {
        var waiter = SignalWaiter()
        sigemptyset(&waiter.set)
        for signal in [SIGTERM, SIGINT, SIGHUP] { sigaddset(&waiter.set, signal) }
        pthread_sigmask(SIG_BLOCK, &waiter.set, nil)
        // A client that hangs up mid-reply must not kill the daemon.
        signal(SIGPIPE, SIG_IGN)
        return waiter
    }

    func wait() -> Int32 {
        var set = self.set
        var received: Int32 = 0
        while sigwait(&set, &received) != 0 {}
        return received
    }

    /// The signal received within `seconds`, or nil when the time ran out.
    func wait(seconds: Double) -> Int32? {
        var set = self.set
        let whole = Int(seconds)
        var timeout = timespec(tv_sec: whole, tv_nsec: Int((seconds - Double(whole)) * 1e9))
        while true {
            let received = sigtimedwait(&set, nil, &timeout)
            if received > 0 { return received }
            if errno == EINTR { continue }
            return nil  // EAGAIN: the time ran out.
        }
    }
}
