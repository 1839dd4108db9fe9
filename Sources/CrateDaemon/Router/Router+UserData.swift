import CrateCore
import CrateLibrary
import CrateWire

/// `backup` and `restore` of user.sqlite. The daemon does both: it holds the only writer
/// of the file, so the copy is consistent and the swap happens between two writes.
extension Router {
    func handleUserData(_ command: ControlCommand, _ request: ControlRequest) throws -> ControlReply {
        let library = try requireLibrary()
        guard let paths = request.paths, paths.count == 1, let file = paths.first, file.hasPrefix("/") else {
            throw RouterError("\(command.rawValue) needs one absolute file path in 'paths'")
        }
        var reply = ControlReply(ok: true)
        switch command {
        case .backup:
            reply.userData = try library.store.backupUserData(to: file)
            logger.info("user data backed up to \(file)")
        case .restore:
            reply.userData = try library.store.restoreUserData(from: file)
            session?.forgetOpinions()
        default:
            throw RouterError("\(command.rawValue) is not a user-data command")
        }
        return reply
    }
}
