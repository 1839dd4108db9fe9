/// Lets the options every subcommand shares come first, as admins tend to type them
/// (`crate-admin --socket /tmp/c.sock library scan`): argument parsing only accepts them
/// on the (innermost) subcommand, so they are moved to the end of the line, where they
/// reach it whatever the nesting.
enum LeadingGlobalOptions {
    static let withValue: Set<String> = ["--socket", "--config"]
    static let flags: Set<String> = ["--json"]

    static func moveToEnd(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let name = String(argument.split(separator: "=", maxSplits: 1).first ?? "")
            if flags.contains(argument) || (withValue.contains(name) && argument.contains("=")) {
                leading.append(argument)
                index += 1
            } else if withValue.contains(argument), index + 1 < arguments.count {
                leading += arguments[index...index + 1]
                index += 2
            } else {
                break
            }
        }
        guard !leading.isEmpty, index < arguments.count else { return arguments }
        // After a "--" everything is positional: the options must come before it.
        let rest = Array(arguments[index...])
        guard let terminator = rest.firstIndex(of: "--") else { return rest + leading }
        return Array(rest[..<terminator]) + leading + Array(rest[terminator...])
    }
}
