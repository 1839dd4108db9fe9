import CrateConfig
import CrateRouter

/// What one MPD client may cost, from `[mpd]` (README, "Reliability"): every bound a phone
/// on the LAN can reach, so one of them cannot stall the others or take the player's memory.
struct MPDLimits: Sendable {
    /// Clients served at once (`max_clients`); a new one makes room by closing the longest silent.
    var maxClients: Int
    /// Longest request line in bytes (`max_line`); a longer one closes the connection.
    var maxLine: Int
    /// Commands in one command list (`max_command_list`); a longer list gets an ACK and is dropped.
    var maxCommandList: Int
    /// Answer bytes waiting for a client (`max_output_buffer`); past it the client is closed.
    var maxOutput: Int
    /// Seconds a client may neither send nor take what it is sent, unless in `idle`
    /// (`connection_timeout`), before it is closed.
    var connectionTimeout: Double
    /// Bytes of unfinished command lists all clients hold together (`max_command_lists_total`);
    /// the line that would pass it gets an ACK and its list is dropped.
    var maxCommandListsTotal: Int

    /// Bytes of one command list's lines, as MPD's `max_command_list_size` default (2 MB).
    static let maxListBytes = 2 << 20
    /// Bytes of answer prepared ahead of a client that is reading: listings are rendered up
    /// to here, then wait until the client has taken some.
    static let preferredReadAhead = 65536
    /// Commands run for one client per turn of the poll loop, so a client sending a flood of
    /// cheap commands takes turns with the others.
    static let commandsPerTurn = 64

    init(_ config: CrateConfig.MPD) {
        maxClients = config.maxClients
        maxLine = config.maxLine
        maxCommandList = config.maxCommandList
        maxOutput = config.maxOutputBuffer
        connectionTimeout = Double(config.connectionTimeout)
        maxCommandListsTotal = config.maxCommandListsTotal
    }

    /// How far ahead answers are prepared: never so far that a reading client trips `maxOutput`.
    var readAhead: Int { min(Self.preferredReadAhead, maxOutput / 2) }

    /// The largest `binarylimit` a client may set: a chunk plus what may already wait stays
    /// under `maxOutput`.
    var maxBinaryChunk: Int { min(1 << 24, maxOutput / 2 - 4096) }
}
