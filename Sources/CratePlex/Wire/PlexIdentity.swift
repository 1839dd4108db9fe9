import CrateJSON

/// Who a server is (`GET /identity`, no token needed): checks that an address reaches the
/// server the user chose and not another one.
public struct PlexIdentity: Sendable, Equatable {
    public var machineIdentifier: String
    public var version: String?

    public init(machineIdentifier: String, version: String? = nil) {
        self.machineIdentifier = machineIdentifier
        self.version = version
    }

    public init(json root: JSONValue) throws(PlexWireError) {
        let object = try PlexErrorBody.object(root, "an identity MediaContainer")
        let fields = object.object("MediaContainer") ?? object
        guard let machine = fields.id("machineIdentifier") else {
            throw .missingField("machineIdentifier", in: "the server's /identity answer")
        }
        self.init(machineIdentifier: machine, version: fields.string("version"))
    }
}
