import CrateRouter
/// What a command needs when the server has a password: reading is open to every
/// client; changing playback, the queue or the library needs the password (MPD's add,
/// control and admin permissions, which Crate does not tell apart).
enum MPDPermission: Sendable {
    case read, control
}

/// One MPD command: its name, who may run it, how many arguments it takes and what it
/// does. Each family's commands are listed beside their code (`MPDCommands.playback`, …)
/// and gathered once in `MPDCommands.table`: a new command is one entry.
struct MPDCommandSpec: Sendable {
    typealias Handler = @Sendable (MPDCommands, [String], inout MPDClientState, inout MPDReply) throws(MPDError) -> Void

    let name: String
    let permission: MPDPermission
    let fewest: Int
    /// nil: any number.
    let most: Int?
    let handler: Handler

    init(_ name: String, _ permission: MPDPermission, _ fewest: Int, _ most: Int?, _ handler: @escaping Handler) {
        self.name = name
        self.permission = permission
        self.fewest = fewest
        self.most = most
        self.handler = handler
    }

    /// Refuses a wrong number of arguments with MPD's own wording.
    func checkArguments(_ count: Int) throws(MPDError) {
        if fewest == most, count != fewest { throw MPDError.argument("wrong number of arguments for \"\(name)\"") }
        if count < fewest { throw MPDError.argument("too few arguments for \"\(name)\"") }
        if let most, count > most { throw MPDError.argument("too many arguments for \"\(name)\"") }
    }
}
