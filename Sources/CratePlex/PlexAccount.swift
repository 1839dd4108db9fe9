import CratePosix
import FoundationEssentials
import Glibc

/// What the box remembers of Plex, in `state_dir/plex/`: its client identifier, the
/// account token, and the server it uses. The token files are mode 0600 — readable only
/// by the daemon's user — and written whole (temporary file, fsync, rename).
public struct PlexAccount: Sendable {
    public struct Token: Codable, Sendable, Equatable {
        public var token: String
        public var username: String?
    }

    public struct Server: Codable, Sendable, Equatable {
        public var name: String
        public var machineIdentifier: String
        /// The connection that answered when it was chosen.
        public var uri: String
        /// The server's own token (plex.tv gives one per server); the account token otherwise.
        public var accessToken: String
    }

    public let directory: String

    public init(stateDir: String) {
        directory = stateDir + "/plex"
    }

    /// The box's stable id for plex.tv, made on first use.
    public func clientIdentifier() throws(PlexError) -> String {
        let path = directory + "/client-id"
        if let text = try read(path), !text.isEmpty { return text.trimmingSpaces }
        var bytes = [UInt8](repeating: 0, count: 16)
        let fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
        guard fd >= 0, Glibc.read(fd, &bytes, 16) == 16 else {
            if fd >= 0 { close(fd) }
            throw .notConfigured("cannot make a client identifier: \(errnoDescription())")
        }
        close(fd)
        let id = "crate-" + bytes.map { String($0, radix: 16).leftPadded(2) }.joined()
        try write(id, to: path, mode: 0o644)
        return id
    }

    public func token() throws(PlexError) -> Token? { try decode(Token.self, "token.json") }
    public func server() throws(PlexError) -> Server? { try decode(Server.self, "server.json") }
    public func save(_ token: Token) throws(PlexError) { try encode(token, "token.json") }
    public func save(_ server: Server) throws(PlexError) { try encode(server, "server.json") }

    /// Signs out: the token and the chosen server are forgotten (the library keeps its rows).
    public func forget() throws(PlexError) {
        for name in ["token.json", "server.json"] where unlink(directory + "/" + name) != 0 && errno != ENOENT {
            throw .notConfigured("cannot remove \(directory)/\(name): \(errnoDescription())")
        }
    }

    // MARK: files

    private func decode<T: Decodable>(_ type: T.Type, _ name: String) throws(PlexError) -> T? {
        guard let text = try read(directory + "/" + name) else { return nil }
        do {
            return try JSONDecoder().decode(type, from: Data(text.utf8))
        } catch {
            throw .notConfigured("\(directory)/\(name) is damaged (\(error)); sign in again with crate-admin plex login")
        }
    }

    private func encode<T: Encodable>(_ value: T, _ name: String) throws(PlexError) {
        let text: String
        do { text = String(decoding: try JSONEncoder().encode(value), as: UTF8.self) } catch {
            throw .notConfigured("cannot encode \(name): \(error)")
        }
        try write(text, to: directory + "/" + name, mode: 0o600)
    }

    private func read(_ path: String) throws(PlexError) -> String? {
        let file: RegularFile
        do { file = try RegularFile(path: path) } catch {
            if case .cannotOpen(let code) = error, code == ENOENT { return nil }
            throw .notConfigured("cannot read \(path): \(error.cause)")
        }
        do { return String(decoding: try file.read(at: 0, count: 64 * 1024), as: UTF8.self) } catch {
            throw .notConfigured("cannot read \(path): \(error.message)")
        }
    }

    private func write(_ text: String, to path: String, mode: mode_t) throws(PlexError) {
        if mkdir(directory, 0o700) != 0 && errno != EEXIST {
            throw .notConfigured("cannot create \(directory): \(errnoDescription())")
        }
        do { try AtomicFile.write(Array(text.utf8), to: path, mode: mode) } catch {
            throw .notConfigured("\(error)")
        }
    }
}

extension String {
    var trimmingSpaces: String {
        String(self.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }

    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
