import CrateControls
import CrateCore
import CrateDisplay
@testable import CrateRouter

/// A person's hands on the box, in process: each press, hold and turn goes through the
/// box's interaction model, as the controls worker sends it, and every intent it makes
/// is carried out by the router. `said` is what the last gesture came to, as
/// `crate-admin input` prints it; a refusal is said as `refused: …`.
struct BoxHands {
    let router: Router
    private(set) var model = InteractionModel(idleTimeout: 8_000_000_000)
    private var now: Nanoseconds = 1_000_000_000
    private(set) var said: [String] = []

    init(router: Router) { self.router = router }

    /// The list the panel shows now (the crate menu, a track list), nil on other screens.
    var panelList: ListScreen? {
        guard case .list(let list)? = router.listContent(model.mode)?.screen else { return nil }
        return list
    }

    mutating func press(_ button: ButtonFunction) { gesture(.button(button), .press) }
    mutating func hold(_ button: ButtonFunction) { gesture(.button(button), .long) }
    mutating func turn(_ detents: Int) { gesture(.encoder(.knob), .turn, detents: detents) }

    /// The knob is left alone until the panel falls back to now playing.
    mutating func letGo() {
        now += 9_000_000_000
        for intent in model.advance(to: now) { _ = try? router.perform(intent) }  // Falling back says nothing.
    }

    private mutating func gesture(_ control: DecodedInput.Control, _ gesture: InputEvent.Gesture, detents: Int = 0) {
        now += 100_000_000
        let input = DecodedInput(control: control, gesture: gesture, detents: detents, accelerated: nil, at: now)
        let needs = InteractionModel.needs(input)
        let context = InteractionContext(dial: router.currentDialIndex(),
                                         track: needs.track ? router.playingTrack() : nil,
                                         crateMenu: needs.crateMenu ? router.crateMenu() : nil,
                                         browsed: needs.browsed ? router.browsedAlbum() : nil)
        said = model.handle(input, now: now, context: context).compactMap { intent in
            do { return try router.perform(intent) } catch { return "refused: \(error)" }
        }
    }
}
