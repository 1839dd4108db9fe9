/// The release both programs report (`--version`, `status`, the MPD greeting's peers) and
/// the package is built as (deploy/build-deb.sh reads `number` from this file).
public enum CrateVersion {
    public static let number = "0.1.0"

    /// What `--version` prints: the release and the machine it was built for, since the
    /// same box may hold an x86_64 and an arm64 build during a move.
    public static var description: String { "\(number) (\(architecture))" }

    public static var architecture: String {
        #if arch(arm64)
        "aarch64"
        #elseif arch(x86_64)
        "x86_64"
        #else
        "unknown architecture"
        #endif
    }
}
