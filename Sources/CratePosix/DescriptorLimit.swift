import Glibc

/// The process's limit on open file descriptors (RLIMIT_NOFILE). systemd and most
/// shells start services with a soft limit of 1024 under a much higher hard limit; the
/// daemon raises the soft one so clients can never take the descriptors playback needs.
public enum DescriptorLimit {
    /// Raises the soft limit to the hard one and returns the limit now in force.
    public static func raiseToHard() throws(PosixError) -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { throw PosixError(call: "getrlimit") }
        if limit.rlim_cur < limit.rlim_max {
            let wanted = rlimit(rlim_cur: limit.rlim_max, rlim_max: limit.rlim_max)
            guard setrlimit(Int32(RLIMIT_NOFILE.rawValue), [wanted]) == 0 else {
                throw PosixError(call: "setrlimit")
            }
            limit = wanted
        }
        return limit.rlim_cur >= rlim_t(Int.max) ? Int.max : Int(limit.rlim_cur)
    }
}
