import Foundation
import TestSupport
import XCTest

extension XCTestCase {
    /// Polls `condition` until it holds; Last.fm's threads answer on their own time.
    func wait(_ what: String, timeout: Double = 20, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() > deadline { throw FixtureError("timed out waiting for \(what)") }
            usleep(20_000)
        }
    }
}
