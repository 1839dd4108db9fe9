/// The long part of a library answer (`listallinfo`, `find`, …) as what it names rather
/// than as text: folder URIs and song numbers, rendered a slice at a time while the client
/// reads. A client that never reads costs this list, not the megabytes of text it stands for.
struct MPDListing {
    enum Entry {
        /// `directory:` and, unless only URIs are asked for, when the folder last changed.
        case folder(String)
        case song(Int)
    }

    let catalog: MPDCatalog
    let roots: [String]
    var entries: [Entry] = []
    /// The tags to print for a song; nil prints `file:` alone (`listall`).
    let tags: Set<String>?
    private var next = 0

    init(catalog: MPDCatalog, roots: [String], tags: Set<String>?) {
        self.catalog = catalog
        self.roots = roots
        self.tags = tags
    }

    var isEmpty: Bool { entries.isEmpty }
    var isFinished: Bool { next >= entries.count }

    /// Appends entries to `output` until it holds `limit` bytes or the listing is done.
    mutating func render(into output: inout [UInt8], upTo limit: Int) {
        while next < entries.count, output.count < limit {
            switch entries[next] {
            case .folder(let uri):
                output += Array("directory: \(uri)\n".utf8)
                if tags != nil, let modified = MPDFormat.modified(catalog.folderPath(uri, roots: roots)) {
                    output += Array("Last-Modified: \(MPDFormat.timestamp(modified))\n".utf8)
                }
            case .song(let index):
                if let tags {
                    output += Array(catalog.songs[index].lines(enabled: tags).utf8)
                } else {
                    output += Array("file: \(catalog.songs[index].uri)\n".utf8)
                }
            }
            next += 1
        }
    }
}
