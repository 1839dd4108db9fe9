import CrateConfig
import CratePosix
import Glibc

/// The GPIO lines of the wired controls, requested from the kernel through libgpiod
/// (`LibGPIOD`: v1 or v2, whichever the build links) for edge events on both edges.
/// Each line's event descriptor goes into the input thread's one poll(); events are read
/// in batches because the kernel keeps only 16 per line.
///
/// Active-low is applied here in software, not with the kernel flag, so that the edge
/// type and the initial value are inverted by the same rule on every kernel.
final class GPIOLineSet: @unchecked Sendable {
    // @unchecked: opened on one thread, then used only by the input thread.
    struct Line {
        /// Where the configuration asked for it, for messages.
        var spec: CrateConfig.GPIOLine
        var request: LibGPIOD.Request
        var fd: Int32
        /// The logical level (true = pressed / contact closed) when requested.
        var initialLevel: Bool
    }

    private(set) var lines: [Line] = []
    private var chips: [String: LibGPIOD.Chip] = [:]
    /// Read buffer for event batches; allocated once.
    private let events = LibGPIOD.EdgeBuffer(capacity: 16)

    /// Opens every chip and requests every line in `specs`, or throws naming the first
    /// that failed (nothing stays requested then).
    init(_ specs: [CrateConfig.GPIOLine], consumer: String) throws(ControlsError) {
        do {
            for spec in specs { lines.append(try request(spec, consumer: consumer)) }
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    func close() {
        for line in lines { LibGPIOD.release(line.request) }
        lines = []
        for chip in chips.values { LibGPIOD.close(chip) }
        chips = [:]
    }

    /// The edges waiting on line `index`, oldest first: logical level after the edge and
    /// the kernel's CLOCK_MONOTONIC timestamp. Empty when nothing is pending.
    func drain(_ index: Int) throws(ControlsError) -> [(level: Bool, at: Nanoseconds)] {
        let line = lines[index]
        var edges: [(level: Bool, at: Nanoseconds)] = []
        while true {
            var ready = pollfd(fd: line.fd, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 0) > 0 else { return edges }
            let count = events.read(line.request, fd: line.fd)
            if count < 0 {
                if errno == EAGAIN || errno == EINTR { return edges }
                throw ControlsError("reading events of \(describe(line.spec)) failed: \(errnoDescription())")
            }
            for i in 0..<count {
                let edge = events[i]
                edges.append((edge.rising != line.spec.activeLow, edge.at))
            }
            if count < events.capacity { return edges }
        }
    }

    private func request(_ spec: CrateConfig.GPIOLine, consumer: String) throws(ControlsError) -> Line {
        let chip = try openChip(spec.chip, for: spec)
        let offset: UInt32
        switch spec.line {
        case .offset(let wanted):
            let count = LibGPIOD.lineCount(chip)
            guard wanted >= 0, wanted < count else {
                throw ControlsError("\(describe(spec)): \(spec.chip) has no line \(wanted) (it has \(count) lines, 0 to \(count - 1))")
            }
            offset = UInt32(wanted)
        case .name(let name):
            guard let found = LibGPIOD.offset(ofLineNamed: name, on: chip) else {
                throw ControlsError("\(describe(spec)): \(spec.chip) has no line named \"\(name)\" (gpioinfo \(spec.chip) lists the names)")
            }
            offset = found
        }
        guard let request = LibGPIOD.requestEdges(on: chip, offset: offset, bias: spec.bias, consumer: consumer) else {
            let busy = errno == EBUSY
            let reason = busy
                ? "it is in use by \(LibGPIOD.consumer(ofLine: offset, on: chip) ?? "another program") (gpioinfo shows who)"
                : errnoDescription()
            throw ControlsError("\(describe(spec)): cannot request the line for edge events: \(reason)", lineBusy: busy)
        }
        let fd = LibGPIOD.eventDescriptor(request)
        let value = LibGPIOD.value(request, offset: offset)
        if fd < 0 || value < 0 {
            let reason = errnoDescription()
            LibGPIOD.release(request)
            throw ControlsError("\(describe(spec)): cannot read the line: \(reason)")
        }
        return Line(spec: spec, request: request, fd: fd, initialLevel: (value == 1) != spec.activeLow)
    }

    private func openChip(_ name: String, for spec: CrateConfig.GPIOLine) throws(ControlsError) -> LibGPIOD.Chip {
        if let chip = chips[name] { return chip }
        guard let chip = LibGPIOD.openChip(lookingUp: name) else {
            let reason = errno == EACCES || errno == EPERM
                ? "permission denied (add the daemon's user to group gpio; see udev/60-crate.rules)"
                : errno == ENOENT || errno == ENODEV
                ? "no such GPIO chip (gpiodetect lists the chips by name and label)"
                : errnoDescription()
            throw ControlsError("\(describe(spec)): cannot open GPIO chip \"\(name)\": \(reason)")
        }
        chips[name] = chip
        return chip
    }

    private func describe(_ spec: CrateConfig.GPIOLine) -> String {
        "\(spec.origin) (line \(spec.fileLine) of the config)"
    }
}
