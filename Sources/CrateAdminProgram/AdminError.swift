import ArgumentParser
import CrateControlClient

/// A failure crate-admin reports as `crate-admin: <message>` with a specific exit status.
typealias AdminError = ControlClientError

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
