import ArgumentParser

/// A failure crate-admin reports as `crate-admin: <message>` with a specific exit status.
struct AdminError: Error, CustomStringConvertible {
    /// The daemon answered `ok: false`, or the request could not be made (missing file).
    static let refused: Int32 = 1
    /// The daemon could not be reached or did not answer properly.
    static let unreachable: Int32 = 2

    var message: String
    var exitCode: Int32

    var description: String { message }

    static func refused(_ message: String) -> AdminError { AdminError(message: message, exitCode: refused) }
    static func unreachable(_ message: String) -> AdminError { AdminError(message: message, exitCode: unreachable) }
}

/// Runs `body`, turning an `AdminError` into its message on stderr and its exit status,
/// instead of ArgumentParser's generic "Error: …" and status 1.
func reportingFailures(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as AdminError {
        Output.error(error.message)
        throw ExitCode(error.exitCode)
    }
}
