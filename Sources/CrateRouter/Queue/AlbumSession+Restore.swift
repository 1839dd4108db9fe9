import CrateCore
import CrateLibrary
import FoundationEssentials
import Logging
import Synchronization

/// Bringing back what the last run saved. The saved albums are found by their stable keys
/// (SessionState+Keys); when the cache was rebuilt, they come back only as the start-up
/// scan and Plex sync refill it, so the restore waits for those and is tried again after
/// each (`libraryChanged`). Only when nothing is refreshing any more is a missing album
/// dropped, with a note in `status`: never pointed at whichever album has its old id now.
extension AlbumSession {
    /// At start-up: the album and position saved last, paused unless `resume`.
    public func restore(resume: Bool) {
        executor.run {
            resumeOnRestore.store(resume, ordering: .releasing)
            attemptRestore()
        }
    }

    /// A scan or Plex sync finished (called from its thread, done on the executor): the crate rows are read again here,
    /// not at the next turn of the dial, and a waiting restore may find its albums now.
    func libraryChanged() {
        executor.run {
            // A sync may bring new Plex ratings: opinions are read again.
            opinions.access { $0.removeAll() }
            advance.forget()
            do { try library.store.warmCrateRows() } catch {
                logger.warning("the crate rows could not be read after the library changed (\(error)); the next crate reads them")
            }
            guard restoreWaiting.load(ordering: .acquiring) else { return }
            attemptRestore()
        }
    }

    var notesForStatus: [String] { restoreNotes.access { $0 } }

    /// The store a full disk kept closed at start is open now: the saved queue is read
    /// and restored as at start-up (unless the listener chose an album meanwhile).
    public func storeOpened(resume: Bool) {
        executor.run {
            guard state.access({ $0.current }) == nil else { return }
            let saved = Self.readSaved(library: library, logger: logger)
            pendingRestore.access { $0 = saved }
            restoreWaiting.store(true, ordering: .releasing)
            restore(resume: resume)
        }
    }

    /// What the last run saved, or an empty session when there is none (or it cannot be read: logged).
    static func readSaved(library: Library, logger: Logger) -> SessionState {
        do {
            if let text = try library.store.userValue(stateKey) {
                return try JSONDecoder().decode(SessionState.self, from: Data(text.utf8))
            }
        } catch {
            logger.error("the saved queue could not be read (\(error)); starting with an empty one")
        }
        return SessionState()
    }

    private func attemptRestore() {
        // On the executor: a scan that ends mid-attempt calls libraryChanged, which runs
        // after this attempt and tries again.
        guard let saved = pendingRestore.access({ $0 }), restoreWaiting.load(ordering: .acquiring) else { return }
        // Read before resolving: a refresh that ends after this read calls back.
        let refreshing = libraryRefreshing()
        let currentIDs: [String: Int64]
        do {
            currentIDs = try library.store.albumIDs(keys: Set((saved.albumKeys ?? [:]).values))
        } catch {
            logger.error("could not look up the saved queue's albums: \(error)")
            if refreshing { return }
            currentIDs = [:]
        }
        let missing = saved.keysMissing(from: currentIDs)
        if !missing.isEmpty && refreshing {
            logger.info("the saved queue waits for the library: \(missing.count) of its albums are not in it yet")
            return
        }
        pendingRestore.access { $0 = nil }
        if !missing.isEmpty {
            let note = "the saved queue named \(counted(missing.count, "album")) no longer in the library, left out: "
                + missing.prefix(5).joined(separator: ", ") + (missing.count > 5 ? ", ..." : "")
            logger.warning("\(note)")
            restoreNotes.access { $0.append(note) }
        }
        let restored = saved.resolved(currentIDs: currentIDs)
        state.access { $0 = restored }
        restoreWaiting.store(false, ordering: .releasing)
        refreshCrateAtStart()
        play(restored)
    }

    private func play(_ restored: SessionState) {
        guard let album = restored.current else {
            save()
            return
        }
        let resume = resumeOnRestore.load(ordering: .acquiring)
        do {
            try play(album: album, track: restored.trackInAlbum, seconds: restored.position, paused: !resume)
            logger.info("restored album \(album), track \(restored.trackInAlbum + 1) at \(restored.position) s\(resume ? ", playing" : ", paused")")
        } catch {
            logger.error("could not restore album \(album): \(error)")
        }
    }

    /// True while the library may still be filling: a scan runs, or a chosen Plex server
    /// has not finished its first sync of this run.
    private func libraryRefreshing() -> Bool {
        if library.isScanning { return true }
        guard let status = plex?.status(), status.server != nil else { return false }
        return status.syncing || status.lastSync == nil
    }
}
