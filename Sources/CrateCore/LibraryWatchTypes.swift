/// The library folders' watch, for `status`: how many folders are watched, what was last
/// picked up, and why some are not watched (then the library is rescanned on a timer).
public struct LibraryWatchStatus: Sendable, Codable, Equatable {
    /// Folders watched now (inotify watches).
    public var folders: Int
    /// Folders found but not watched (the inotify watch limit was reached).
    public var unwatchedFolders: Int
    /// The quiet period after the last change before it is scanned (`[library] settle_seconds`).
    public var settleSeconds: Int
    /// Seconds between fallback rescans, while not every folder is watched; nil otherwise.
    public var rescanSeconds: Int?
    /// A change was seen and waits for the folders to settle (or for a running scan to end).
    public var pending: Bool
    /// Unix time the last change was picked up (its scan started), and a path it touched.
    public var lastChangeAt: Double?
    public var lastChangePath: String?
    /// Scans the watch (or its fallback timer) started since crated started.
    public var rescans: Int
    /// Why not every folder is watched, in words with the fix; nil when all are.
    public var problem: String?

    public init(folders: Int = 0, unwatchedFolders: Int = 0, settleSeconds: Int, rescanSeconds: Int? = nil,
                pending: Bool = false, lastChangeAt: Double? = nil, lastChangePath: String? = nil,
                rescans: Int = 0, problem: String? = nil) {
        self.folders = folders
        self.unwatchedFolders = unwatchedFolders
        self.settleSeconds = settleSeconds
        self.rescanSeconds = rescanSeconds
        self.pending = pending
        self.lastChangeAt = lastChangeAt
        self.lastChangePath = lastChangePath
        self.rescans = rescans
        self.problem = problem
    }
}
