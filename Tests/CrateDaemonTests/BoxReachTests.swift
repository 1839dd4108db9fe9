import CrateCore
import CrateDisplay
import CratePosix
import CrateRouter
import CrateWire
import Foundation
import Synchronization
import TestSupport
import XCTest

/// First boot without Imager's customisation: the start screen and `status` say how a
/// phone reaches the box (its .local name, its address, the page's URL).
final class BoxReachTests: XCTestCase {
    var dir: TemporaryDirectory!

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "reach") }
    override func tearDown() { dir?.remove() }

    /// True when the start screen in `image` shows `reach` (BoxReach.panelLines) where its
    /// layout puts the lines, wrapped as a panel of that width wraps them.
    func showsReach(_ reach: [String], in image: RGBImage) -> Bool {
        let layout = ScreenLayout(width: image.width, height: image.height, library: FontLibrary())
        let lines = layout.reachLines(reach)
        let spots = layout.boot(reachLines: lines.count)
        return lines.indices.allSatisfy { index in
            panelShows(lines[index], in: image, box: { _ in spots.reach[index] }, font: { $0.small }, color: { $0.text },
                       alignment: .center)
        }
    }

    func testTheStartScreenSaysWhereToOpenThePage() throws {
        let daemon = try DaemonProcess(dir: dir.path, extraConfig: """
            [display]
            width = 320
            height = 240
            [web]
            listen = "0.0.0.0:8080"
            """)
        // What the kernel says, read here as the box's avahi would announce it.
        let host = try XCTUnwrap(NetworkIdentity.hostName(), "this machine has a host name")
        let address = NetworkIdentity.firstIPv4()
        let reach = try XCTUnwrap(try daemon.status().reach)
        XCTAssertEqual(reach.localName, host + ".local")
        XCTAssertEqual(reach.address, address)
        XCTAssertEqual(reach.page, "http://\(host).local:8080")
        XCTAssertNil(reach.mpd)

        let image = try snapshot(daemon)
        XCTAssertEqual(try daemon.status().display?.screen, "start")
        let place = "\(host).local · " + (address ?? "no network address yet")
        XCTAssertTrue(showsReach([place, "Open http://\(host).local:8080 on your phone"], in: image),
                      "the name and address (\(place)) and the page")
        XCTAssertFalse(showsReach([place, "Open http://\(host).local:8081 on your phone"], in: image), "and not just any text")

        // Idle with nothing changing, the address checks draw no frame.
        let frames = try XCTUnwrap(try daemon.status().display).frames
        Thread.sleep(forTimeInterval: 6)
        XCTAssertEqual(try XCTUnwrap(try daemon.status().display).frames, frames, "frames drawn while idle")
    }

    /// A page on loopback only cannot be opened from a phone: nothing is said.
    func testAPageOnLoopbackIsNotOffered() throws {
        let daemon = try DaemonProcess(dir: dir.path, extraConfig: """
            [display]
            width = 320
            height = 240
            [web]
            listen = "127.0.0.1:8080"
            """)
        XCTAssertNil(try daemon.status().reach)
        let host = try XCTUnwrap(NetworkIdentity.hostName())
        let place = "\(host).local · " + (NetworkIdentity.firstIPv4() ?? "no network address yet")
        XCTAssertFalse(showsReach([place, "Open http://\(host).local:8080 on your phone"], in: try snapshot(daemon)))
    }

    /// A DHCP lease after the start: the next check sees the address and says it changed
    /// (the panel then redraws); the same address again is no change.
    func testANewAddressIsNoticedAndTheSameOneIsNot() {
        let address = Mutex<String?>(nil)
        let watch = BoxReachWatch(webListen: "[::]:8080", mpdListen: [],
                                  identity: { ("crate", address.withLock { $0 }) })
        XCTAssertEqual(watch.current?.panelLines, ["crate.local · no network address yet", "Open http://crate.local:8080 on your phone"])
        XCTAssertFalse(watch.refresh())
        address.withLock { $0 = "192.168.1.20" }
        XCTAssertTrue(watch.refresh())
        XCTAssertEqual(watch.current?.panelLines.first, "crate.local · 192.168.1.20")
        XCTAssertFalse(watch.refresh())
    }

    func testOnlyListenAddressesAPhoneCanReachCount() {
        func reach(_ web: String?, _ mpd: [String]) -> BoxReach? {
            BoxReach(hostName: "crate", address: "10.0.0.5", webListen: web, mpdListen: mpd)
        }
        XCTAssertNil(reach(nil, []))
        XCTAssertNil(reach("127.0.0.1:8080", ["[::1]:6600", "/run/crate/mpd.sock", "localhost:6600"]))
        XCTAssertEqual(reach("10.0.0.5:80", [])?.page, "http://crate.local:80")
        // MPD alone (tested here: a test's servers bind loopback only, which no phone reaches).
        let mpd = reach(nil, ["/run/crate/mpd.sock", "[::]:6600"])
        XCTAssertEqual(mpd?.mpd, "crate.local:6600")
        XCTAssertEqual(mpd?.panelLines, ["crate.local · 10.0.0.5", "MPD app: crate.local:6600"])
        // No host name: the address stands in.
        XCTAssertEqual(BoxReach(hostName: nil, address: "10.0.0.5", webListen: "0.0.0.0:8080", mpdListen: [])?.page,
                       "http://10.0.0.5:8080")
    }
}
