import CratePosix
import Logging

/// The folders a scan treats as roots: each `[library] paths` folder, and every drive
/// mounted below one, now or at an earlier scan (the store remembers it as a root). A
/// drive below a root is a root of its own so that unmounting it takes its albums
/// offline, as for a root, instead of looking like deleted folders.
enum ScanRoots {
    static func of(configured: [String], store: LibraryStore, logger: Logger) -> [String] {
        var known: [String] = [], mounted = Set<String>()
        do { known = try store.rootPaths() } catch {
            logger.error("library scan: the roots known from earlier scans cannot be read (\(error)); drives unmounted below a root may look deleted")
        }
        do { mounted = MountTable.parse(try ProcFile.read(MountTable.path)) } catch {
            logger.error("library scan: \(error); drives mounted below a library folder are scanned as part of it")
        }
        return of(configured: configured, known: known, mounted: mounted)
    }

    /// In the configured order, each root after the drives below it (deepest first): a
    /// drive's files are claimed by its own root before the root above is walked around it.
    static func of(configured: [String], known: [String], mounted: Set<String>) -> [String] {
        func depth(_ path: String) -> Int { path.utf8.count { $0 == UInt8(ascii: "/") } }
        let below = Set((known + mounted).map(LibraryScanner.normalized))
        var roots: [String] = []
        for top in configured.map(LibraryScanner.normalized) where !roots.contains(top) {
            let nested = below.filter { top != "/" && $0.hasPrefix(top + "/") && !roots.contains($0) }
            roots += nested.sorted { (depth($0), $1) > (depth($1), $0) }
            roots.append(top)
        }
        return roots
    }
}
