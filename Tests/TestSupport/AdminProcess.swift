import Foundation

/// The built `crate-admin`, run once as an admin would from a shell.
public enum AdminProcess {
    /// Runs `crate-admin ARGS` to completion: its exit status and what it printed.
    public static func run(_ args: [String]) throws -> (code: Int32, out: String, err: String) {
        try ProgramRun.run(try DaemonProcess.executable("crate-admin"), args)
    }
}
