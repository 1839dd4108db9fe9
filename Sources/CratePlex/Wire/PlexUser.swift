import CrateJSON

/// The signed-in account (`GET /api/v2/user` on plex.tv), to show who the box is signed in as.
public struct PlexUser: Sendable, Equatable {
    public var username: String?
    public var email: String?
    public var uuid: String?

    public init(username: String? = nil, email: String? = nil, uuid: String? = nil) {
        self.username = username
        self.email = email
        self.uuid = uuid
    }

    public init(json root: JSONValue) throws(PlexWireError) {
        let object = try PlexErrorBody.object(root, "a user object")
        // The v1 API wraps the account in "user"; v2 answers it bare.
        let user = object.object("user") ?? object
        self.init(username: user.string("username") ?? user.string("title"), email: user.string("email"),
                  uuid: user.string("uuid"))
    }
}
