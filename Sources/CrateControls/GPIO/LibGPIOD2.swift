#if CRATE_LIBGPIOD_V2
import CGPIOD
import CrateConfig
import Glibc

/// The libgpiod calls GPIOLineSet makes, in libgpiod v2's API (Debian 13's libgpiod3,
/// 2.2). LibGPIOD1.swift has the same in v1's API (Debian 12); the build compiles one of
/// them (Package.swift: CRATE_LIBGPIOD). Failures return nil or a negative number with
/// errno set, as libgpiod does.
enum LibGPIOD {
    typealias Chip = OpaquePointer
    /// One line's request (v2 requests lines in sets; each line alone keeps a descriptor
    /// per line, as v1 had).
    typealias Request = OpaquePointer

    /// v2 opens chips by path only: v1's lookup, kept so that `[controls] chip` means the
    /// same on both: a number (`0`), a path (`/dev/gpiochip0`), a label, then a name.
    static func openChip(lookingUp name: String) -> Chip? {
        if !name.isEmpty, name.allSatisfy(\.isNumber) { return gpiod_chip_open("/dev/gpiochip" + name) }
        if name.hasPrefix("/dev/") { return gpiod_chip_open(name) }
        if let chip = openChip(labelled: name) { return chip }
        return gpiod_chip_open("/dev/" + name)
    }

    /// The chip under /dev whose label is `label`; nil with errno ENOENT when none is.
    private static func openChip(labelled label: String) -> Chip? {
        guard let dev = opendir("/dev") else { return nil }
        defer { closedir(dev) }
        while let entry = readdir(dev) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasPrefix("gpiochip") else { continue }
            // A chip this user may not open cannot be the one meant: skip it.
            guard let chip = gpiod_chip_open("/dev/" + name) else { continue }
            if let info = gpiod_chip_get_info(chip) {
                defer { gpiod_chip_info_free(info) }
                if let text = gpiod_chip_info_get_label(info), String(cString: text) == label { return chip }
            }
            gpiod_chip_close(chip)
        }
        errno = ENOENT
        return nil
    }

    static func close(_ chip: Chip) { gpiod_chip_close(chip) }

    static func lineCount(_ chip: Chip) -> Int {
        guard let info = gpiod_chip_get_info(chip) else { return 0 }
        defer { gpiod_chip_info_free(info) }
        return gpiod_chip_info_get_num_lines(info)
    }

    static func offset(ofLineNamed name: String, on chip: Chip) -> UInt32? {
        let offset = gpiod_chip_get_line_offset_from_name(chip, name)
        return offset < 0 ? nil : UInt32(offset)
    }

    static func requestEdges(on chip: Chip, offset: UInt32, bias: CrateConfig.GPIOLine.Bias, consumer: String) -> Request? {
        guard let settings = gpiod_line_settings_new() else { return nil }
        defer { gpiod_line_settings_free(settings) }
        guard let lineConfig = gpiod_line_config_new() else { return nil }
        defer { gpiod_line_config_free(lineConfig) }
        guard let requestConfig = gpiod_request_config_new() else { return nil }
        defer { gpiod_request_config_free(requestConfig) }
        let kernelBias: gpiod_line_bias = switch bias {
        case .pullUp: GPIOD_LINE_BIAS_PULL_UP
        case .pullDown: GPIOD_LINE_BIAS_PULL_DOWN
        case .disable: GPIOD_LINE_BIAS_DISABLED
        case .asIs: GPIOD_LINE_BIAS_AS_IS
        }
        var offsets = [offset]
        guard gpiod_line_settings_set_direction(settings, GPIOD_LINE_DIRECTION_INPUT) == 0,
              gpiod_line_settings_set_edge_detection(settings, GPIOD_LINE_EDGE_BOTH) == 0,
              gpiod_line_settings_set_bias(settings, kernelBias) == 0,
              // v1 stamped edges on CLOCK_MONOTONIC; v2 can be asked for others, so say it.
              gpiod_line_settings_set_event_clock(settings, GPIOD_LINE_CLOCK_MONOTONIC) == 0,
              gpiod_line_config_add_line_settings(lineConfig, &offsets, 1, settings) == 0
        else { return nil }
        gpiod_request_config_set_consumer(requestConfig, consumer)
        return gpiod_chip_request_lines(chip, requestConfig, lineConfig)
    }

    /// Who holds the line, for the message when it is busy.
    static func consumer(ofLine offset: UInt32, on chip: Chip) -> String? {
        guard let info = gpiod_chip_get_line_info(chip, offset) else { return nil }
        defer { gpiod_line_info_free(info) }
        return gpiod_line_info_get_consumer(info).map { String(cString: $0) }
    }

    static func eventDescriptor(_ request: Request) -> Int32 { gpiod_line_request_get_fd(request) }

    /// The physical level, 0 or 1; negative on failure.
    static func value(_ request: Request, offset: UInt32) -> Int32 {
        gpiod_line_request_get_value(request, offset).rawValue
    }

    static func release(_ request: Request) { gpiod_line_request_release(request) }

    /// Edge events read in one batch.
    final class EdgeBuffer {
        let capacity: Int
        private let buffer: OpaquePointer?

        init(capacity: Int) {
            self.capacity = capacity
            buffer = gpiod_edge_event_buffer_new(capacity)
        }

        deinit { gpiod_edge_event_buffer_free(buffer) }

        /// Reads up to `capacity` pending events of the line: their count, or -1 (errno).
        func read(_ request: Request, fd: Int32) -> Int {
            guard let buffer else {
                errno = ENOMEM
                return -1
            }
            return Int(gpiod_line_request_read_edge_events(request, buffer, capacity))
        }

        /// Event `index` of the last read: its direction and CLOCK_MONOTONIC time.
        subscript(index: Int) -> (rising: Bool, at: Nanoseconds) {
            let event = gpiod_edge_event_buffer_get_event(buffer, UInt(index))
            return (gpiod_edge_event_get_event_type(event) == GPIOD_EDGE_EVENT_RISING_EDGE,
                    gpiod_edge_event_get_timestamp_ns(event))
        }
    }
}
#endif
