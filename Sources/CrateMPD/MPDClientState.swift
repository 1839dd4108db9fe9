/// What one MPD client has set up on its connection.
struct MPDClientState {
    /// True once the password was given, or when none is configured.
    var authorized: Bool
    /// The largest `binarylimit` this client may set (`MPDLimits.maxBinaryChunk`).
    let maxBinaryChunk: Int
    var enabledTags = Set(MPDSong.tagNames)
    /// Largest binary chunk of `albumart` / `readpicture`; MPD's default.
    var binaryLimit = 8192
    /// Inside `command_list_begin` (false) or `command_list_ok_begin` (true).
    var listOK: Bool? = nil
    var listed: [[UInt8]] = []
    /// Subsystems changed since this client's last `idle` returned.
    var pending: Set<String> = []
    /// While in `idle`: the subsystems it waits for (empty = all).
    var idling: Set<String>? = nil

    init(authorized: Bool, maxBinaryChunk: Int) {
        self.authorized = authorized
        self.maxBinaryChunk = maxBinaryChunk
    }
}

/// A command's answer: text lines and, for cover art, raw bytes in between.
struct MPDReply {
    var bytes: [UInt8] = []
    /// The client asked to hang up.
    var close = false
    /// The long part of a library answer, rendered after `bytes` as the client reads.
    var listing: MPDListing? = nil

    mutating func add(_ text: String) { bytes += Array(text.utf8) }
    mutating func line(_ key: String, _ value: String) { bytes += Array("\(key): \(value)\n".utf8) }
}
