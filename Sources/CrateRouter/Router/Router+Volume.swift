import CrateAudio

/// The card's mixer, read and moved: by the volume buttons (in steps) and by MPD (in percent).
extension Router {
    /// The level in percent; nil with no mixer configured.
    func volume() throws -> Int? {
        guard let mixer else { return nil }
        return try mixer.change(byPercent: 0)
    }

    /// Moves the level by `percent` of the mixer's range (clamped) and returns the new level.
    func changeVolume(byPercent percent: Int) throws -> Int {
        guard let mixer else {
            throw RouterError("no volume control: set [audio] mixer_control to drive the card's mixer")
        }
        let level = try mixer.change(byPercent: percent)
        if percent != 0 { publish(.mixer, "\(level)") }
        return level
    }
}
