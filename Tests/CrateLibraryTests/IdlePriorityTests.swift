import CratePosix
import Foundation
import XCTest

/// Scans must never disturb playback: the scan thread drops to idle CPU and I/O priority.
final class IdlePriorityTests: XCTestCase {
    func testMakeCurrentIdleSetsSchedIdleOnTheCallingThreadOnly() throws {
        let result = ThreadResult()
        let thread = try PosixThread.spawn(name: "idle-test", detached: false) {
            do {
                try PosixThread.makeCurrentIdle()
                result.set(Self.schedulingPolicy(ofTask: "thread-self"))
            } catch {
                result.set(-1)
            }
        }
        PosixThread.join(thread)
        XCTAssertEqual(result.value, 5, "SCHED_IDLE is policy 5 in /proc/…/stat")
        XCTAssertEqual(Self.schedulingPolicy(ofTask: "thread-self"), 0, "the caller keeps SCHED_OTHER")
    }

    /// Field 41 of /proc/<task>/stat: the scheduling policy.
    static func schedulingPolicy(ofTask task: String) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(task)/stat", encoding: .utf8),  // a test helper: nil fails the assertion
              let close = text.lastIndex(of: ")") else { return -2 }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // After "pid (comm)" the fields start at number 3.
        return Int(fields[41 - 3]) ?? -3
    }
}

private final class ThreadResult: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = -4
    func set(_ v: Int) { lock.lock(); stored = v; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return stored }
}
