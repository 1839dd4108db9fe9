import CrateJSON

/// A sign-in PIN from plex.tv (`POST /api/v2/pins`, then polled with `GET /api/v2/pins/{id}`):
/// the user enters `code` at plex.tv/link, and `authToken` appears once they have.
public struct PlexPin: Sendable, Equatable {
    public var id: String
    public var code: String
    /// Set once the code was entered; nil while waiting (plex.tv sends null).
    public var authToken: String?
    /// Seconds the PIN stays valid (900 by default).
    public var expiresIn: Int?

    public init(id: String, code: String, authToken: String? = nil, expiresIn: Int? = nil) {
        self.id = id
        self.code = code
        self.authToken = authToken
        self.expiresIn = expiresIn
    }

    /// Reads a PIN answer (a plain object, not a MediaContainer).
    public init(json root: JSONValue) throws(PlexWireError) {
        let pin = try PlexErrorBody.object(root, "a PIN object")
        guard let id = pin.id("id") else { throw .missingField("id", in: "the plex.tv PIN answer") }
        guard let code = pin.string("code"), !code.isEmpty else {
            throw .missingField("code", in: "the plex.tv PIN answer")
        }
        let token = pin.string("authToken")
        self.init(id: id, code: code, authToken: token?.isEmpty == true ? nil : token,
                  expiresIn: pin.int("expiresIn"))
    }
}
