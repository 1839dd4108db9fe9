/// A point in time on CLOCK_MONOTONIC, in nanoseconds: the unit libgpiod stamps its edge
/// events with. Keeping the decoders on the kernel's own timestamps (rather than the time the
/// input thread got around to reading an event) makes debouncing independent of scheduling.
public typealias Nanoseconds = UInt64

extension Nanoseconds {
    /// Deadlines are computed by adding configured durations to event timestamps; saturating
    /// keeps an absurd configuration (or a test feeding `UInt64.max`) from trapping the input
    /// thread on overflow. A saturated deadline comes due only at the very end of the clock.
    func adding(_ duration: Nanoseconds) -> Nanoseconds {
        let (sum, overflow) = addingReportingOverflow(duration)
        return overflow ? .max : sum
    }
}
