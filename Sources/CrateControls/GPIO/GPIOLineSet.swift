import CGPIOD
import CrateConfig
import CratePosix
import Glibc

/// The GPIO lines of the wired controls, requested from the kernel through libgpiod v1
/// for edge events on both edges. Each line's event descriptor goes into the input
/// thread's one poll(); events are read in batches because the kernel keeps only 16 per line.
///
/// Active-low is applied here in software, not with the kernel flag, so that the edge
/// type and the initial value are inverted by the same rule on every kernel.
final class GPIOLineSet: @unchecked Sendable {
    // @unchecked: opened on one thread, then used only by the input thread.
    struct Line {
        /// Where the configuration asked for it, for messages.
        var spec: CrateConfig.GPIOLine
        var handle: OpaquePointer
        var fd: Int32
        /// The logical level (true = pressed / contact closed) when requested.
        var initialLevel: Bool
    }

    private(set) var lines: [Line] = []
    private var chips: [String: OpaquePointer] = [:]
    /// Read buffer for event batches; allocated once.
    private let events = UnsafeMutablePointer<gpiod_line_event>.allocate(capacity: 16)

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

    deinit {
        close()
        events.deallocate()
    }

    func close() {
        for line in lines { gpiod_line_release(line.handle) }
        lines = []
        for chip in chips.values { gpiod_chip_close(chip) }
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
            let count = gpiod_line_event_read_fd_multiple(line.fd, events, 16)
            if count < 0 {
                if errno == EAGAIN || errno == EINTR { return edges }
                throw ControlsError("reading events of \(describe(line.spec)) failed: \(errnoDescription())")
            }
            for i in 0..<Int(count) {
                let event = events[i]
                let rising = event.event_type == Int32(GPIOD_LINE_EVENT_RISING_EDGE)
                let at = Nanoseconds(max(0, event.ts.tv_sec)) * 1_000_000_000 + Nanoseconds(max(0, event.ts.tv_nsec))
                edges.append((rising != line.spec.activeLow, at))
            }
            if count < 16 { return edges }
        }
    }

    private func request(_ spec: CrateConfig.GPIOLine, consumer: String) throws(ControlsError) -> Line {
        let chip = try openChip(spec.chip, for: spec)
        let handle: OpaquePointer?
        switch spec.line {
        case .offset(let offset):
            handle = gpiod_chip_get_line(chip, UInt32(offset))
            if handle == nil {
                let count = gpiod_chip_num_lines(chip)
                throw ControlsError("\(describe(spec)): \(spec.chip) has no line \(offset) (it has \(count) lines, 0 to \(Int(count) - 1))")
            }
        case .name(let name):
            handle = gpiod_chip_find_line(chip, name)
            if handle == nil {
                throw ControlsError("\(describe(spec)): \(spec.chip) has no line named \"\(name)\" (gpioinfo \(spec.chip) lists the names)")
            }
        }
        guard let handle else { throw ControlsError("\(describe(spec)): no such line") }
        var flags: Int32 = 0
        switch spec.bias {
        case .pullUp: flags |= Int32(GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_UP)
        case .pullDown: flags |= Int32(GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_DOWN)
        case .disable: flags |= Int32(GPIOD_LINE_REQUEST_FLAG_BIAS_DISABLE)
        case .asIs: break
        }
        let rc = consumer.withCString { name -> Int32 in
            var config = gpiod_line_request_config(consumer: name, request_type: Int32(GPIOD_LINE_REQUEST_EVENT_BOTH_EDGES),
                                                   flags: flags)
            return gpiod_line_request(handle, &config, 0)
        }
        if rc != 0 {
            let reason = errno == EBUSY
                ? "it is in use by \(gpiod_line_consumer(handle).map { String(cString: $0) } ?? "another program") (gpioinfo shows who)"
                : errnoDescription()
            throw ControlsError("\(describe(spec)): cannot request the line for edge events: \(reason)")
        }
        let fd = gpiod_line_event_get_fd(handle)
        let value = gpiod_line_get_value(handle)
        if fd < 0 || value < 0 {
            let reason = errnoDescription()
            gpiod_line_release(handle)
            throw ControlsError("\(describe(spec)): cannot read the line: \(reason)")
        }
        return Line(spec: spec, handle: handle, fd: fd, initialLevel: (value == 1) != spec.activeLow)
    }

    private func openChip(_ name: String, for spec: CrateConfig.GPIOLine) throws(ControlsError) -> OpaquePointer {
        if let chip = chips[name] { return chip }
        guard let chip = gpiod_chip_open_lookup(name) else {
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
