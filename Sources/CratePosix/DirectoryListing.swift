import Glibc

/// The names in a directory, sorted, without "." and "..".
public enum DirectoryListing {
    public static func names(in path: String) throws(PosixError) -> [String] {
        guard let directory = opendir(path) else { throw PosixError(call: "opendir \(path)") }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}
