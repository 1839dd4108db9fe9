#if !CRATE_LIBGPIOD_V2
import CGPIOD
import CrateConfig
import Glibc

/// The libgpiod calls GPIOLineSet makes, in libgpiod v1's API (Debian 12's libgpiod2,
/// 1.6). LibGPIOD2.swift has the same in v2's API (Debian 13's libgpiod3); the build
/// compiles one of them (Package.swift: CRATE_LIBGPIOD). Failures return nil or a
/// negative number with errno set, as libgpiod does.
enum LibGPIOD {
    typealias Chip = OpaquePointer
    /// A requested line: in v1, the line itself.
    typealias Request = OpaquePointer

    /// v1's own lookup: a number, a path under /dev, a label or a name.
    static func openChip(lookingUp name: String) -> Chip? { gpiod_chip_open_lookup(name) }

    static func close(_ chip: Chip) { gpiod_chip_close(chip) }

    static func lineCount(_ chip: Chip) -> Int { Int(gpiod_chip_num_lines(chip)) }

    static func offset(ofLineNamed name: String, on chip: Chip) -> UInt32? {
        gpiod_chip_find_line(chip, name).map { gpiod_line_offset($0) }
    }

    static func requestEdges(on chip: Chip, offset: UInt32, bias: CrateConfig.GPIOLine.Bias, consumer: String) -> Request? {
        guard let line = gpiod_chip_get_line(chip, offset) else { return nil }
        var flags: Int32 = 0
        switch bias {
        case .pullUp: flags |= Int32(GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_UP)
        case .pullDown: flags |= Int32(GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_DOWN)
        case .disable: flags |= Int32(GPIOD_LINE_REQUEST_FLAG_BIAS_DISABLE)
        case .asIs: break
        }
        let rc = consumer.withCString { name -> Int32 in
            var config = gpiod_line_request_config(consumer: name, request_type: Int32(GPIOD_LINE_REQUEST_EVENT_BOTH_EDGES),
                                                   flags: flags)
            return gpiod_line_request(line, &config, 0)
        }
        return rc == 0 ? line : nil
    }

    /// Who holds the line, for the message when it is busy.
    static func consumer(ofLine offset: UInt32, on chip: Chip) -> String? {
        gpiod_chip_get_line(chip, offset).flatMap { gpiod_line_consumer($0) }.map { String(cString: $0) }
    }

    static func eventDescriptor(_ request: Request) -> Int32 { gpiod_line_event_get_fd(request) }

    /// The physical level, 0 or 1; negative on failure.
    static func value(_ request: Request, offset: UInt32) -> Int32 { gpiod_line_get_value(request) }

    static func release(_ request: Request) { gpiod_line_release(request) }

    /// Edge events read in one batch.
    final class EdgeBuffer {
        let capacity: Int
        private let events: UnsafeMutablePointer<gpiod_line_event>

        init(capacity: Int) {
            self.capacity = capacity
            events = .allocate(capacity: capacity)
        }

        deinit { events.deallocate() }

        /// Reads up to `capacity` pending events of the line: their count, or -1 (errno).
        func read(_ request: Request, fd: Int32) -> Int {
            Int(gpiod_line_event_read_fd_multiple(fd, events, UInt32(capacity)))
        }

        /// Event `index` of the last read: its direction and CLOCK_MONOTONIC time.
        subscript(index: Int) -> (rising: Bool, at: Nanoseconds) {
            let event = events[index]
            let at = Nanoseconds(max(0, event.ts.tv_sec)) * 1_000_000_000 + Nanoseconds(max(0, event.ts.tv_nsec))
            return (event.event_type == Int32(GPIOD_LINE_EVENT_RISING_EDGE), at)
        }
    }
}
#endif
