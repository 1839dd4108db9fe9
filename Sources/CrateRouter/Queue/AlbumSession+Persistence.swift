import CrateLibrary
import FoundationEssentials
import Logging

/// The state that must survive a power cut, handed to the session writer.
extension AlbumSession {
    /// Saved on every state change and every `save_interval` while playing; user.sqlite
    /// is synchronous = FULL, so what was saved survives a power cut. The write itself is
    /// the session writer's, a moment later: the caller never waits for the fsync.
    public func save() {
        executor.run {
            guard !restoreWaiting.load(ordering: .acquiring) else { return }
            let status = player.status()
            let snapshot = state.access { s -> SessionState in
                if let index = status.currentIndex, let segment = s.segment(containing: index) {
                    s.trackInAlbum = index - segment.startIndex
                    s.position = status.position
                }
                return s
            }
            writer.submit(snapshot)
        }
    }

    /// Saves now and waits until it is written: at a clean stop.
    public func saveAndWait() {
        executor.run {
            save()
            writer.stop()
        }
    }

    /// On the session writer's thread: the snapshot with its albums' stable keys, as JSON.
    static func write(_ snapshot: SessionState, library: Library, logger: Logger) {
        do {
            var snapshot = snapshot
            let keys = try library.store.albumKeys(ids: snapshot.albumIDs)
            snapshot.albumKeys = Dictionary(uniqueKeysWithValues: keys.map { (String($0.key), $0.value) })
            let text = String(decoding: try JSONEncoder().encode(snapshot), as: UTF8.self)
            try library.store.setUserValue(Self.stateKey, text)
        } catch {
            logger.error("could not save the queue and position: \(error)")
        }
    }
}
