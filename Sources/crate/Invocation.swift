/// The programs this one executable is, each chosen by the name it is run as.
enum ProgramName: String, CaseIterable {
    case crated
    case crateAdmin = "crate-admin"
    case crateWeb = "crate-web"
}

/// What a command line asks of the executable: one of the programs with its arguments,
/// or the executable's own usage or version.
enum Invocation: Equatable {
    case program(ProgramName, arguments: [String])
    case usage
    case version
    /// Run by a name that is no program (or `crate` with none): the problem, for stderr.
    case misnamed(problem: String)

    /// The name is argv[0]'s last path component, so a link anywhere works
    /// (/usr/bin/crated, .build/debug/crated). Called `crate`, the program is the first
    /// argument instead (`swift run crate crated --config …`, as busybox does).
    init(commandLine: [String]) {
        let path = commandLine.first ?? ""
        let called = path.split(separator: "/").last.map(String.init) ?? path
        let rest = Array(commandLine.dropFirst())
        if let program = ProgramName(rawValue: called) {
            self = .program(program, arguments: rest)
            return
        }
        guard called == Self.ownName else {
            self = .misnamed(problem: "run as '\(called)', which names none of its programs")
            return
        }
        switch rest.first {
        case nil: self = .misnamed(problem: "no program named")
        case "--help"?, "-h"?, "help"?: self = .usage
        case "--version"?: self = .version
        case let first?:
            if let program = ProgramName(rawValue: first) {
                self = .program(program, arguments: Array(rest.dropFirst()))
            } else {
                self = .misnamed(problem: "no program called '\(first)'")
            }
        }
    }

    static let ownName = "crate"

    static let usageText = """
        crate: crated, crate-admin and crate-web in one executable; the name it is run as
        chooses the program.
        usage: crated [OPTIONS]             the album player daemon (crated --help)
               crate-admin COMMAND [...]    its administration (crate-admin --help)
               crate-web [OPTIONS]          its web page (crate-web --help)
               crate PROGRAM [ARGUMENTS]    the same, PROGRAM being one of those names
        The package installs /usr/bin/crated, crate-admin and crate-web as links to this
        file (/usr/libexec/crate/crate).

        """
}
