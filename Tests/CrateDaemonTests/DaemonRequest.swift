import CrateCore
import CrateWire
import TestSupport
import XCTest

extension XCTestCase {
    /// One request on a fresh connection, answered within `timeout` seconds; the test
    /// fails unless the daemon's `ok` is `ok` (the request and its refusal are named).
    func request(_ daemon: DaemonProcess, _ request: ControlRequest, ok: Bool = true, timeout: Double = 20,
                 file: StaticString = #filePath, line: UInt = #line) throws -> ControlReply {
        let client = try daemon.connect()
        defer { client.close() }
        let reply = try client.request(request, timeout: timeout)
        let input = [request.gesture, request.control].compactMap { $0 }.map { " \($0)" }.joined()
        XCTAssertEqual(reply.ok, ok, "\(request.cmd)\(input): \(reply.error ?? "")", file: file, line: line)
        return reply
    }
}
