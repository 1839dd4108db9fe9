/// Who this box is to Plex: the headers every request carries. The client identifier is
/// generated once per box and kept in `state_dir`, so plex.tv sees one device, not a new
/// one per restart.
public struct PlexDevice: Sendable, Equatable {
    public var clientIdentifier: String
    public var product = "Crate"
    public var version: String
    public var platform = "Linux"
    public var device = "Crate"
    public var deviceName: String

    public init(clientIdentifier: String, version: String, deviceName: String) {
        self.clientIdentifier = clientIdentifier
        self.version = version
        self.deviceName = deviceName
    }

    var headers: [(name: String, value: String)] {
        [("X-Plex-Client-Identifier", clientIdentifier), ("X-Plex-Product", product), ("X-Plex-Version", version),
         ("X-Plex-Platform", platform), ("X-Plex-Device", device), ("X-Plex-Device-Name", deviceName),
         ("Accept", "application/json")]
    }
}
