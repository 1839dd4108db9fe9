import CrateCore

/// A loaded track's file is gone when the player comes to open it: a tag editor or a
/// re-rip renamed the album's folder while it played. The player waits while its buffer
/// lasts; the library is scanned now rather than after the watcher's settle time, so the
/// album is found again under the same id and the track opens at its new place
/// (AlbumSession+Moves).
extension Router {
    func trackFileMissing(_ path: String?) {
        guard let library else { return }
        logger.info("\(path ?? "a loaded track"): the file is gone; scanning the library to find it again (a renamed folder?)")
        guard !library.isScanning else {
            // The running scan may have passed the new folder already.
            scanAgain.store(true, ordering: .releasing)
            return
        }
        do {
            try startScan(full: false)
        } catch {
            logger.warning("cannot scan for the missing track \(path ?? ""): \(error); it is skipped when its buffer runs out")
        }
    }

    /// After a scan: the one asked for while it ran.
    func scanAgainIfAsked() {
        guard scanAgain.exchange(false, ordering: .acquiringAndReleasing) else { return }
        do {
            try startScan(full: false)
        } catch {
            logger.warning("cannot scan again for a missing track: \(error)")
        }
    }
}
