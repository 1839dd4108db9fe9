@testable import CrateRouter
import Dispatch
import Glibc
import Synchronization
import XCTest

/// The thread that owns the router's state: one thing at a time, whoever asks; a call
/// from the executor itself goes on at once; errors reach the caller; the thread goes
/// away with its owner.
final class RouterExecutorTests: XCTestCase {
    func testCallsFromManyThreadsRunOneAtATimeAndNoneIsLost() {
        let executor = RouterExecutor()
        let counter = RouterOwned(0, on: executor)
        let running = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<500 {
                executor.run {
                    if running.add(1, ordering: .relaxed).newValue > 1 { overlaps.add(1, ordering: .relaxed) }
                    counter.access { $0 += 1 }
                    running.subtract(1, ordering: .relaxed)
                }
            }
        }
        XCTAssertEqual(executor.run { counter.access { $0 } }, 4000)
        XCTAssertEqual(overlaps.load(ordering: .relaxed), 0, "two callers ran on the executor at the same time")
    }

    func testACallFromTheExecutorItselfGoesOnAtOnce() {
        let executor = RouterExecutor()
        XCTAssertFalse(executor.isCurrent)
        let inner = executor.run { () -> Bool in
            XCTAssertTrue(executor.isCurrent)
            return executor.run { executor.isCurrent }
        }
        XCTAssertTrue(inner, "a nested run would deadlock if it queued behind its caller")
    }

    func testAnErrorThrownOnTheExecutorReachesTheCaller() {
        struct Refused: Error, Equatable { let why: String }
        let executor = RouterExecutor()
        do {
            try executor.run { () throws(Refused) -> Void in throw Refused(why: "no album") }
            XCTFail("the error was lost")
        } catch {
            XCTAssertEqual(error, Refused(why: "no album"))
        }
    }

    func testTheThreadEndsWithItsOwner() throws {
        let before = try routerThreads()
        var executor: RouterExecutor? = RouterExecutor(name: "crate-router-t")
        executor?.run {}
        XCTAssertEqual(try routerThreads(), before + 1)
        executor = nil
        let deadline = Date().addingTimeInterval(5)
        while try routerThreads() > before, Date() < deadline { usleep(10_000) }
        XCTAssertEqual(try routerThreads(), before, "an executor's thread outlived its owner")
    }

    /// This process's threads named crate-router-t.
    private func routerThreads() throws -> Int {
        let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")
        return tasks.filter { task in
            // A thread that ended between the listing and the read is not counted: nil.
            let name = try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)
            return name?.trimmingCharacters(in: .whitespacesAndNewlines) == "crate-router-t"
        }.count
    }
}
