/// Why a configuration could not be read: a file that cannot be opened, TOML that does
/// not parse, or a value the daemon cannot use. The description points at the spot,
/// the way a compiler would:
///
///     /etc/crate/crate.toml:7: [audio] rt_priority: expected an integer from 1 to 99, got "high"
public struct ConfigError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The file the text came from (or whatever name the caller gave the text).
    public var source: String
    /// 1-based line of the problem; nil when there is no line to point at (unreadable file).
    public var line: Int?
    /// The table the problem is in, as written in its header (`audio`, `a.b`); nil = top level.
    public var table: String?
    /// The key the problem is about; nil when it is about a table or the syntax of a line.
    public var key: String?
    /// What is wrong, in plain words.
    public var message: String
    /// The file does not exist (ENOENT), as opposed to existing and being wrong or unreadable.
    public var isMissingFile: Bool = false

    public init(source: String, line: Int?, table: String? = nil, key: String? = nil, message: String) {
        self.source = source
        self.line = line
        self.table = table
        self.key = key
        self.message = message
    }

    /// `FILE:LINE: [table] key: message`, leaving out the parts that do not apply.
    /// Without a line (a file that cannot be read) it is the message alone, which then
    /// names the file itself.
    public var description: String {
        guard let line else { return message }
        var text = "\(source):\(line): "
        switch (table, key) {
        case let (table?, key?): text += "[\(table)] \(key): "
        case let (nil, key?): text += "\(key): "
        case let (table?, nil): text += "[\(table)]: "
        case (nil, nil): break
        }
        return text + message
    }
}

extension ConfigError {
    /// The file could not be opened or read; `reason` is the system's wording (strerror).
    static func unreadable(_ path: String, reason: String, missing: Bool = false) -> ConfigError {
        var error = ConfigError(source: path, line: nil, message: "cannot read \(path): \(reason)")
        error.isMissingFile = missing
        return error
    }
}
