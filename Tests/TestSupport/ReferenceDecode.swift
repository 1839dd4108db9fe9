import Foundation

/// Independent reference decodes: Debian's `mpg123` command-line player (gapless by
/// default) writing raw S16 stereo at the file's own rate.
public enum ReferenceDecode {
    public static func samples(of path: String) throws -> [Int16] {
        let out = path + ".ref.raw"
        try AudioFixtures.run("/usr/bin/mpg123", ["-q", "--stereo", "-e", "s16", "-O", out, path])
        defer { try? FileManager.default.removeItem(atPath: out) }  // cleanup only
        return try AudioFixtures.readRaw(out)
    }
}
