@testable import CrateLastFM
import CrateCore
import XCTest

/// The request signing Last.fm checks: md5 of the sorted fields and the secret.
final class LastFMSigningTests: XCTestCase {
    func testMD5MatchesTheRFCVectors() {
        XCTAssertEqual(MD5.hex(""), "d41d8cd98f00b204e9800998ecf8427e")
        XCTAssertEqual(MD5.hex("abc"), "900150983cd24fb0d6963f7d28e17f72")
        XCTAssertEqual(MD5.hex("12345678901234567890123456789012345678901234567890123456789012345678901234567890"),
                       "57edf4a22be3c955ac49da2e2107b67a")
        XCTAssertEqual(MD5.hex("Déjà vu"), "4216de6d466bb6306dc02a7a7478e3dd", "UTF-8 bytes")
    }

    func testFieldsAreSignedInByteOrderWithoutFormat() {
        let fields = [("method", "track.scrobble"), ("artist[1]", "B"), ("artist[10]", "K"), ("api_key", "k"), ("format", "json")]
        XCTAssertEqual(LastFMClient.signature(fields, secret: "s"),
                       MD5.hex("api_keykartist[10]Kartist[1]Bmethodtrack.scrobbles"))
    }
}
