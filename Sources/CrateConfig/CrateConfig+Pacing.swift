extension CrateConfig.Audio {
    /// The pacing the writer uses: `pacing` when the file sets it; otherwise `.clock` for
    /// sinks with no clock of their own (`null`, `file:…`), and `.device` for everything
    /// else, including an unset `device` (the daemon tries a real card first).
    public var effectivePacing: Pacing {
        if let pacing { return pacing }
        guard let device else { return .device }
        return device == "null" || device.hasPrefix("file:") ? .clock : .device
    }
}
