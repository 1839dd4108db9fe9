import CrateCore

/// `library watch`: every library folder is watched, so new music shows up on its own.
enum LibraryWatchCheck {
    /// nil when crated is not running or does not watch (`[library] watch = false`).
    static func check(daemon: DaemonView?) -> DoctorResult? {
        guard let watch = daemon?.status.libraryWatch else { return nil }
        if let problem = watch.problem {
            return .warn("library watch", problem,
                         fix: "echo fs.inotify.max_user_watches=524288 | sudo tee /etc/sysctl.d/90-crate.conf "
                            + "&& sudo sysctl --system (crated watches again at its next timed rescan, or restart it)")
        }
        return .ok("library watch", LibraryWatchFormat.summary(watch))
    }
}
