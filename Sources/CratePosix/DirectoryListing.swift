import Glibc

/// The names in a directory, sorted, without "." and "..".
public enum DirectoryListing {
    public static func names(in path: String) throws(PosixError) -> [String] {
        guard let directory = PathName.opendir(path) else { throw PosixError(call: "opendir \(PathName.display(path))") }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = PathName.name(of: entry)
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}
