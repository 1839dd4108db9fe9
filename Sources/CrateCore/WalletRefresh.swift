/// The CDs wallet's last refresh (its lists read and resolved against the library), for
/// `diagnostics`: a wallet that gives no album says why.
public struct WalletRefresh: Sendable, Codable, Equatable {
    /// Unix seconds.
    public var at: Double
    /// Where its items came from: "text list /path", "Plex playlist \"CDs\"".
    public var sources: [String]
    public var items: Int
    /// Albums the items resolved to.
    public var found: Int
    /// Why it gave no crate: no wallet at all (and how to make one), a list that cannot be
    /// read, items that match nothing.
    public var error: String?

    public init(at: Double, sources: [String], items: Int, found: Int, error: String? = nil) {
        self.at = at
        self.sources = sources
        self.items = items
        self.found = found
        self.error = error
    }
}
