/// Lets the options every subcommand shares come first, as admins tend to type them
/// (`crate-admin --socket /tmp/c.sock status`): argument parsing only accepts them after
/// the subcommand's name, so they are moved there.
enum LeadingGlobalOptions {
    static let withValue: Set<String> = ["--socket", "--config"]
    static let flags: Set<String> = ["--json"]

    static func moveAfterSubcommand(_ arguments: [String]) -> [String] {
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
        return [arguments[index]] + leading + arguments[(index + 1)...]
    }
}
