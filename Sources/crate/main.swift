// crate: the one executable of Crate's three programs (Invocation.swift says how it
// chooses). One file, so the statically linked Swift runtime is on the card once and its
// pages are shared by the running crated and crate-web. Each program's code is its own
// module; this only calls the chosen one's entry point.
import CrateAdminProgram
import CrateCore
import CratedProgram
import CrateWebProgram
import Glibc

switch Invocation(commandLine: CommandLine.arguments) {
case .program(.crated, let arguments): CratedEntry.main(arguments)
case .program(.crateAdmin, let arguments): CrateAdminEntry.main(arguments)
case .program(.crateWeb, let arguments): await CrateWebEntry.main(arguments)
case .usage: print(Invocation.usageText, terminator: "")
case .version: print(CrateVersion.description)
case .misnamed(let problem):
    let text = "crate: \(problem)\n\(Invocation.usageText)"
    _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    exit(64)  // EX_USAGE
}
