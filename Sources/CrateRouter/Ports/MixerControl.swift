import CrateAudio

/// The card's volume, as the router moves it (the volume buttons, MPD). On the box it is
/// an ALSA simple-mixer control.
public protocol MixerControl: Sendable {
    /// Moves the level by `percent` of its range (clamped; 0 reads it) and returns the
    /// new level in percent.
    func change(byPercent percent: Int) throws(PlayerError) -> Int
}

extension ALSAMixer: MixerControl {}
