import CratePosix
import Glibc
import XCTest

/// The epoll set MPD's thread waits on: what is ready is reported, a changed wish is
/// followed, and a descriptor number closed and used again is watched as the new socket.
final class EpollSetTests: XCTestCase {
    private func socketPair() throws -> (Int32, Int32) {
        var fds: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0 else { throw PosixError(call: "socketpair") }
        return (fds[0], fds[1])
    }

    private func ready(_ set: EpollSet, timeout: Int32) throws -> [Int32: Int16] {
        var found: [Int32: Int16] = [:]
        try set.wait(timeout: timeout) { fd, events in found[fd] = events }
        return found
    }

    func testReadinessWishesAndAReusedDescriptor() throws {
        let set = try EpollSet()
        let (a, b) = try socketPair()
        try set.watch(a, for: Int16(POLLIN))
        XCTAssertNil(try ready(set, timeout: 0)[a], "nothing sent yet")
        XCTAssertEqual(write(b, "x", 1), 1)
        XCTAssertEqual(try ready(set, timeout: 1000)[a].map { $0 & Int16(POLLIN) }, Int16(POLLIN))

        // A client whose answers are not out is not read: no longer asked for input.
        try set.watch(a, for: 0)
        XCTAssertNil(try ready(set, timeout: 0)[a], "unread bytes wait in the kernel")
        try set.watch(a, for: Int16(POLLOUT))
        XCTAssertEqual(try ready(set, timeout: 1000)[a].map { $0 & Int16(POLLOUT) }, Int16(POLLOUT))

        // Closed and its number given to a new socket: the new one is watched, not lost,
        // whether the wish is another (the kernel's "not in the set" answer adds it)...
        close(a)
        close(b)
        let (c, d) = try socketPair()
        XCTAssertEqual(c, a, "the kernel gives the lowest free number: the closed one")
        try set.watch(c, for: Int16(POLLIN))
        XCTAssertEqual(write(d, "y", 1), 1)
        XCTAssertEqual(try ready(set, timeout: 1000)[c].map { $0 & Int16(POLLIN) }, Int16(POLLIN))

        // ...or the same one, once forgotten before the close.
        set.forget(c)
        close(c)
        close(d)
        let (e, f) = try socketPair()
        defer { close(e); close(f) }
        XCTAssertEqual(e, c)
        try set.watch(e, for: Int16(POLLIN))
        XCTAssertEqual(write(f, "z", 1), 1)
        XCTAssertEqual(try ready(set, timeout: 1000)[e].map { $0 & Int16(POLLIN) }, Int16(POLLIN))
    }
}
