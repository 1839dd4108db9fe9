import CrateDisplay
import CrateRouter

/// `albumart` (the cover file in the album's folder) and `readpicture` (the picture in the
/// track's tags): the same sources the display draws from, sent in `binarylimit` chunks.
extension MPDCommands {
    static let artwork: [MPDCommandSpec] = [
        .init("albumart", .read, 2, 2) { commands, args, client, reply throws(MPDError) in
            try commands.artwork(args, embedded: false, client, &reply)
        },
        .init("readpicture", .read, 2, 2) { commands, args, client, reply throws(MPDError) in
            try commands.artwork(args, embedded: true, client, &reply)
        },
    ]

    private func artwork(_ args: [String], embedded: Bool, _ client: MPDClientState,
                         _ reply: inout MPDReply) throws(MPDError) {
        let name = embedded ? "readpicture" : "albumart"
        let catalog = service.catalog()
        guard let index = catalog.byURI[args[0]] ?? catalog.songs(under: args[0])?.first else {
            throw MPDError.noExist(embedded ? "No such song" : "No file exists")
        }
        guard let offset = Int(args[1]), offset >= 0 else { throw MPDError.argument("Integer expected: \(args[1])") }
        let path = catalog.songs[index].path
        let bytes: [UInt8]
        do {
            if !embedded {
                let files = try ArtworkSource.candidates(trackPath: path, embedded: nil)
                guard let file = files.first else { throw MPDError.noExist("No file exists") }
                bytes = try file.readBytes()
            } else {
                guard let location = try ArtworkSource.embeddedLocation(inTrack: path) else { return }
                bytes = try ArtworkSource.embedded(trackPath: path, location: location).readBytes()
            }
        } catch let error as MPDError {
            throw error
        } catch {
            service.logger.notice("mpd: no \(name) for \(path): \(error)")
            throw MPDError.noExist("No file exists")
        }
        guard offset <= bytes.count else { throw MPDError.argument("Bad file offset") }
        let chunk = bytes[offset..<min(bytes.count, offset + client.binaryLimit)]
        reply.line("size", String(bytes.count))
        if embedded, let type = Self.mimeType(bytes) { reply.line("type", type) }
        reply.line("binary", String(chunk.count))
        reply.bytes += chunk
        reply.add("\n")
    }

    static func mimeType(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xFF, 0xD8]) { return "image/jpeg" }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        return nil
    }
}
