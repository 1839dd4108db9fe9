import CALSA
import CALSAShims

/// An ALSA simple-mixer control (`PCM`, `Master`, `Digital`) driven by the volume
/// buttons or encoder. Opened for each change: volume changes are rare, and a card
/// unplugged and plugged back in is then simply found again.
public struct ALSAMixer: Sendable {
    public let device: String
    public let control: String

    public init(device: String, control: String) {
        self.device = device
        self.control = control
    }

    /// Moves the volume by `percent` of the control's range (clamped) on all channels and
    /// returns the new level in percent.
    @discardableResult
    public func change(byPercent percent: Int) throws(PlayerError) -> Int {
        crate_alsa_error_reset()
        var mixer: OpaquePointer?
        try check(snd_mixer_open(&mixer, 0), "open a mixer")
        guard let mixer else { throw PlayerError("mixer \(device): cannot open a mixer") }
        defer { snd_mixer_close(mixer) }
        try check(snd_mixer_attach(mixer, device), "attach to \(device)")
        try check(snd_mixer_selem_register(mixer, nil, nil), "register simple controls")
        try check(snd_mixer_load(mixer), "load the controls")
        var id: OpaquePointer?
        try check(snd_mixer_selem_id_malloc(&id), "allocate a control id")
        defer { snd_mixer_selem_id_free(id) }
        snd_mixer_selem_id_set_index(id, 0)
        snd_mixer_selem_id_set_name(id, control)
        guard let element = snd_mixer_find_selem(mixer, id) else {
            throw PlayerError("mixer \(device) has no control \"\(control)\" (amixer -D \(device) scontrols lists them)")
        }
        guard snd_mixer_selem_has_playback_volume(element) != 0 else {
            throw PlayerError("mixer control \"\(control)\" of \(device) has no playback volume")
        }
        var low = 0, high = 0, current = 0
        try check(snd_mixer_selem_get_playback_volume_range(element, &low, &high), "read the volume range")
        try check(snd_mixer_selem_get_playback_volume(element, SND_MIXER_SCHN_FRONT_LEFT, &current), "read the volume")
        let span = max(high - low, 1)
        let step = max(1, (span * abs(percent) + 99) / 100) * (percent < 0 ? -1 : 1)
        let target = min(max(current + step, low), high)
        try check(snd_mixer_selem_set_playback_volume_all(element, target), "set the volume")
        return (target - low) * 100 / span
    }

    private func check(_ rc: Int32, _ what: String) throws(PlayerError) {
        guard rc < 0 else { return }
        let detail = String(cString: crate_alsa_first_error())
        let reason = String(cString: snd_strerror(rc))
        throw PlayerError("mixer \(device): cannot \(what): \(detail.isEmpty ? reason : "\(detail) (\(reason))")")
    }
}
