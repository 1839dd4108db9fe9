import CrateControlClient
import CrateCore
import CrateWire
import FoundationEssentials

/// A request crate-web sends to crated. Its own type rather than `ControlRequest` so the
/// page can use commands a newer crated offers (`sleep`, `downloads-keep`) before this
/// build knows them: an older daemon answers "unknown command" and the page hides the control.
public struct WebDaemonRequest: Sendable, Encodable, Equatable {
    public var cmd: String
    public var album: Int64?
    public var track: Int?
    public var seconds: Double?
    public var genre: String?
    public var genres: [String]?
    public var artist: String?
    public var wallet: Bool?
    /// `crate`: back to the Crate Wall from any other crate.
    public var wall: Bool?
    public var favorites: Bool?
    public var collection: String?
    public var playlist: String?
    public var position: String?
    public var gesture: String?
    public var control: String?
    public var detents: Int?
    public var cover: Bool?
    public var sleep: String?
    /// `crate`: grow the crate by a batch, as the knob does past its last album; the reply's
    /// `crate.atEnd` says nothing more could be added.
    public var grow: Bool?
    /// `cover`: "thumb" or "large" (`CoverSize`).
    public var size: String?

    public init(_ cmd: String) { self.cmd = cmd }

    func encodedLine() throws(ControlClientError) -> [UInt8] {
        do {
            return [UInt8](try JSONEncoder().encode(self))
        } catch {
            throw .refused("cannot encode the request: \(error)")
        }
    }
}
