import CrateCore
import CrateDisplay
import CrateWire
import Foundation
import TestSupport
import XCTest

/// What the crate-menu and track-list tests share: a daemon with a scanned library, the
/// knob and buttons through `input`, and the panel read back through `display snapshot`.
class KnobTestCase: XCTestCase {
    var dir: TemporaryDirectory!
    var music: String { dir.path + "/music" }

    override func setUpWithError() throws { dir = try TemporaryDirectory(prefix: "knob") }
    override func tearDown() { dir?.remove() }

    func scannedDaemon(_ extraConfig: String = "") throws -> DaemonProcess {
        let daemon = try DaemonProcess(dir: dir.path, libraryPaths: [music],
                                       extraConfig: "[display]\nwidth = 320\nheight = 240\n" + extraConfig)
        try daemon.waitForStartupScan()
        return daemon
    }

    /// A daemon whose `[crate] wallet` is a text list of `lines`, written first; and the list's path.
    func walletDaemon(_ lines: String) throws -> (daemon: DaemonProcess, list: String) {
        let list = dir.path + "/cds.txt"
        try lines.write(toFile: list, atomically: true, encoding: .utf8)
        return (try scannedDaemon("[crate]\nwallet = \"\(list)\"\n"), list)
    }

    /// The action of the last gesture `crate-admin input` reports that did something (a
    /// turn of several clicks is that many gestures).
    @discardableResult
    func input(_ daemon: DaemonProcess, _ gesture: String, _ control: String, _ detents: Int? = nil) throws -> String? {
        let events = try request(daemon, ControlRequest(cmd: .input, gesture: gesture, control: control, detents: detents)).input ?? []
        return events.last { $0.action != nil }?.action
    }

    func albumID(_ daemon: DaemonProcess, _ title: String) throws -> Int64 {
        try XCTUnwrap(try request(daemon, ControlRequest(cmd: .albums)).albums?.first { $0.title == title }?.id)
    }

    func crate(_ daemon: DaemonProcess) throws -> CrateView {
        try XCTUnwrap(try request(daemon, ControlRequest(cmd: .crate)).crate)
    }

    /// True when `image` shows `text` in `box` in the small font and secondary colour (the
    /// browse header, a list's heading): drawn the same way and compared pixel for pixel.
    func showsHeading(_ text: String, in image: RGBImage, box: (ScreenLayout) -> Rect) -> Bool {
        panelShows(text, in: image, box: box, font: { $0.small }, color: { $0.secondaryText })
    }

    /// The browse screen's header names `crate`.
    func browseNames(_ crate: String, _ daemon: DaemonProcess) throws -> Bool {
        let image = try snapshot(daemon) // a fresh frame first: the status names the last one drawn
        XCTAssertEqual(try daemon.status().display?.screen, "browse")
        return showsHeading(crate, in: image) { $0.browse.crateName }
    }

    /// A list screen (menu, tracks) with `rows` rows shows `heading`.
    func listHeading(_ heading: String, rows: Int, _ daemon: DaemonProcess) throws -> Bool {
        let image = try snapshot(daemon)
        let screen = try daemon.status().display?.screen ?? ""
        XCTAssertTrue(["menu", "tracks"].contains(screen), "the snapshot showed the \(screen) screen")
        return showsHeading(heading, in: image) { $0.dial(count: min(rows, $0.listRows)).title }
    }
}
