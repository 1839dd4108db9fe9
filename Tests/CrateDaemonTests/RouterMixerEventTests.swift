import CrateAudio
import CrateCore
@testable import CrateRouter
import Synchronization
import XCTest

/// The mixer's level as a typed event: every change (a volume button, MPD's setvol, the
/// socket) reaches subscribers as `mixer` with the new level, which is what MPD's idle
/// `mixer` follows; reading the level changes nothing and says nothing.
final class RouterMixerEventTests: RouterTestCase {
    /// A mixer in memory, in percent.
    final class MixerTwin: MixerControl {
        let level = Mutex(50)
        func change(byPercent percent: Int) throws(PlayerError) -> Int {
            level.withLock { $0 = min(100, max(0, $0 + percent)); return $0 }
        }
    }

    func testAVolumeChangeIsAMixerEventWithTheNewLevelAndAReadIsNone() throws {
        let mixed = Router(player: twin, library: nil, libraryProblem: "no library here", session: nil, configPath: nil,
                           warnings: [], mixer: MixerTwin(), volumeStep: 5, logger: logger)
        let heard = Mutex<[(DaemonEvent.Kind, String?)]>([])
        let subscription = mixed.subscribe { event in heard.withLock { $0.append((event.event, event.message)) } }
        defer { subscription.cancel() }

        XCTAssertEqual(try mixed.perform(.volume), .volume(50))
        XCTAssertTrue(heard.withLock { $0.isEmpty }, "a read is not a change")
        XCTAssertEqual(try mixed.perform(.changeVolume(byPercent: -8)), .volume(42))
        let events = heard.withLock { $0 }
        XCTAssertEqual(events.map(\.0), [.mixer])
        XCTAssertEqual(events.first?.1, "42")
    }
}
