/// Who makes room at `max_clients`. A new client is always greeted, so a flood of
/// connections must cost the flood, never the app a person relies on: the eviction goes
/// through the newcomers before it reaches an app listening in `idle`.
extension MPDClient {
    /// How much the client is worth keeping, least first: without the password; connected
    /// and silent since (a newcomer, or a leaked connection); has asked for something; has
    /// waited in `idle` (an app listening for changes, between two `idle`s too).
    var standing: Int {
        guard state.authorized else { return 0 }
        if hasIdled { return 3 }
        return hasSpoken ? 2 : 1
    }

    /// True when this client is closed before `other` to make room. Of two apps that use
    /// `idle`, the newer goes (the long-lived one was there first, and a flood copying what
    /// apps send is newer than any of them); of the others, the longest silent.
    func evictsBefore(_ other: MPDClient) -> Bool {
        if standing != other.standing { return standing < other.standing }
        if hasIdled { return connectedAt > other.connectedAt }
        return lastHeard < other.lastHeard
    }
}
