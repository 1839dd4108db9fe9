/// The public ways in: parse text, or load a file.
extension CrateConfig {
    /// Parse the text of a crate.toml. `source` names it in error messages (usually its path).
    /// Throws the first problem in the file: bad TOML, an unknown key or table, a wrong type
    /// or an out-of-range value, each with its line.
    public static func parse(_ text: String, source: String = "crate.toml") throws(ConfigError) -> CrateConfig {
        let document = try TOMLParser.parse(text, source: source)
        return try CrateConfig(document: document)
    }

    /// Read and parse the file at `path`. A file that is missing is an error too
    /// (`cannot read PATH: No such file or directory`); a caller that wants the defaults
    /// without a file can check `ConfigError.isMissingFile`.
    public static func load(path: String = CrateConfig.defaultPath) throws(ConfigError) -> CrateConfig {
        let text = try ConfigFile.text(of: path)
        return try parse(text, source: path)
    }
}
