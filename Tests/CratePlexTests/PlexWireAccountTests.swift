@testable import CratePlex
import CrateJSON
import CrateLibrary
import XCTest

/// plex.tv answers (PIN sign-in, user, resources) and a server's /identity.
final class PlexWireAccountTests: XCTestCase {
    private func body(_ text: String) throws -> JSONValue { try PlexWireFixtures.parse(text) }

    func testANewPinWaitsForItsToken() throws {
        let pin = try PlexPin(json: body(PlexWireFixtures.pinCreated))
        XCTAssertEqual(pin, PlexPin(id: "1234567890", code: "fk2xs9q8l0b3r7d6zzm1", authToken: nil, expiresIn: 900))
        XCTAssertEqual(try PlexPin(json: try body(PlexWireFixtures.pinCreated)), pin)
    }

    func testAPolledPinCarriesTheToken() throws {
        let polled = try body(#"{"id": "1234567890", "code": "fk2x", "authToken": "tok-abc", "expiresIn": "873"}"#)
        XCTAssertEqual(try PlexPin(json: polled), PlexPin(id: "1234567890", code: "fk2x", authToken: "tok-abc", expiresIn: 873))
        let blank = try body(#"{"id": 1, "code": "c", "authToken": ""}"#)
        XCTAssertNil(try PlexPin(json: blank).authToken)
    }

    func testAPinAnswerWithoutItsFieldsOrWithAnErrorSaysSo() throws {
        XCTAssertThrowsError(try PlexPin(json: body(#"{"code": "abc"}"#))) { error in
            XCTAssertEqual("\(error)", "the plex.tv PIN answer has no id")
        }
        XCTAssertThrowsError(try PlexPin(json: body(#"{"id": 5}"#))) { error in
            XCTAssertEqual(error as? PlexWireError, .missingField("code", in: "the plex.tv PIN answer"))
        }
        let expired = try body(#"{"errors": [{"code": 1020, "message": "Code not found or expired", "status": 404}]}"#)
        XCTAssertThrowsError(try PlexPin(json: expired)) { error in
            XCTAssertEqual(error as? PlexWireError, .serverSaid("Code not found or expired (code 1020)"))
        }
        XCTAssertThrowsError(try PlexPin(json: expired))
        XCTAssertThrowsError(try PlexPin(json: body("[]"))) { error in
            XCTAssertEqual(error as? PlexWireError, .unexpectedShape(expected: "a PIN object", found: "an array"))
        }
    }

    func testTheUserIsReadBareOrWrapped() throws {
        let v2 = try body("""
        {"id": 42, "uuid": "a1b2c3", "username": "vinyl", "title": "vinyl", "email": "v@example.com",
         "authToken": "tok", "subscription": {"active": true}, "roles": ["plexpass"]}
        """)
        XCTAssertEqual(try PlexUser(json: v2), PlexUser(username: "vinyl", email: "v@example.com", uuid: "a1b2c3"))
        let wrapped = try body(#"{"user": {"title": "Managed Kid", "uuid": "u9"}}"#)
        XCTAssertEqual(try PlexUser(json: wrapped), PlexUser(username: "Managed Kid", uuid: "u9"))
        XCTAssertThrowsError(try PlexUser(json: body(#"{"error": "Invalid authentication token"}"#))) { error in
            XCTAssertEqual("\(error)", "the server said: Invalid authentication token")
        }
    }

    func testResourcesListServersWithTheirConnections() throws {
        let page = try PlexDecode.resourcePage(body(PlexWireFixtures.resources))
        XCTAssertEqual(page.items.count, 2)
        XCTAssertEqual(page.items[0], PlexResource(
            name: "Basement NAS", clientIdentifier: "f3b1c0ffee", provides: "server", accessToken: "server-token-1",
            connections: [
                PlexConnection(uri: "https://192-168-1-20.abc.plex.direct:32400", local: true, relay: false),
                PlexConnection(uri: "https://203-0-113-5.abc.plex.direct:32400", local: false, relay: false),
                PlexConnection(uri: "https://relay.plex.direct:8443", local: false, relay: true),
            ]))
        XCTAssertEqual(page.items[1].clientIdentifier, "778899")
        XCTAssertEqual(page.items.map(\.isServer), [true, false])
        XCTAssertEqual(page.skipped, ["resource at index 2: no clientIdentifier"])
        XCTAssertEqual(try PlexDecode.resources(body(PlexWireFixtures.resources)).filter(\.isServer).map(\.name),
                       ["Basement NAS"])
        XCTAssertTrue(PlexResource(name: "", clientIdentifier: "x", provides: "client, Server").isServer)
    }

    func testResourcesThatAreNotAnArraySayWhy() throws {
        XCTAssertThrowsError(try PlexDecode.resources(body(#"{"errors": [{"code": 1001, "message": "User could not be authenticated"}]}"#))) { error in
            XCTAssertEqual(error as? PlexWireError, .serverSaid("User could not be authenticated (code 1001)"))
        }
        XCTAssertThrowsError(try PlexDecode.resources(body(#"{"MediaContainer": {}}"#))) { error in
            XCTAssertEqual(error as? PlexWireError, .unexpectedShape(expected: "an array of resources", found: "an object"))
        }
    }

    func testIdentityNamesTheServer() throws {
        let identity = try body(#"{"MediaContainer": {"size": 0, "claimed": true, "machineIdentifier": "f3b1c0ffee", "version": "1.40.2.8395-c67dce28e"}}"#)
        XCTAssertEqual(try PlexIdentity(json: identity), PlexIdentity(machineIdentifier: "f3b1c0ffee", version: "1.40.2.8395-c67dce28e"))
        XCTAssertEqual(try PlexIdentity(json: try body(#"{"machineIdentifier": "bare"}"#)), PlexIdentity(machineIdentifier: "bare"))
        XCTAssertThrowsError(try PlexIdentity(json: body(#"{"MediaContainer": {"size": 0}}"#))) { error in
            XCTAssertEqual("\(error)", "the server's /identity answer has no machineIdentifier")
        }
        XCTAssertThrowsError(try PlexIdentity(json: .array([])))
    }
}
