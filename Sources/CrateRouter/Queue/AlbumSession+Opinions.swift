import CrateCore
import CrateLibrary

/// Likes and dislikes as the box shows them and takes them back.
extension AlbumSession {
    /// The album's like or dislike, from memory after the first look.
    func opinion(of id: Int64) -> AlbumOpinion {
        if let known = opinions.access({ $0[id] }) { return known }
        do {
            guard let key = try library.store.albumKey(id: id) else { return .none }
            let read = try library.store.opinion(albumKey: key)
            // Only if still absent: a like made while this read ran has set the newer value.
            return opinions.access { known in
                if let newer = known[id] { return newer }
                known[id] = read
                return read
            }
        } catch {
            logger.warning("cannot read the opinion of album \(id): \(error)")
            return .none
        }
    }

    /// After user.sqlite was replaced (`restore`): what the box remembered is stale.
    func forgetOpinions() {
        opinions.access { $0.removeAll() }
        advance.forget()
    }
}
