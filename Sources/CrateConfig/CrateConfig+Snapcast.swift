/// `[snapcast]`: play into a snapserver stream so every room plays in sync. Off unless
/// `stream` names snapserver's TCP source.
extension CrateConfig {
    public struct Snapcast: Sendable, Equatable {
        /// snapserver's `tcp` source (in `mode=server`) that crated connects to and sends
        /// PCM into. TOML: `[snapcast] stream = "tcp://host:port"`; unset = off.
        public var stream: HostPort? = nil
        /// snapserver's JSON-RPC control port, for rooms, volumes and now-playing.
        /// TOML: `[snapcast] control = "host:port"`; unset = the stream's host, port 1705.
        public var control: HostPort? = nil
        /// The stream's fixed sample format, as snapserver's `sampleformat` says it.
        /// TOML: `[snapcast] format = "44100:16:2"` (the default).
        public var format = StreamFormat(sampleRate: 44100, bitsPerSample: 16)
        public init() {}

        /// The control address in effect: the configured one, or the stream's host on 1705.
        public var controlAddress: HostPort? {
            control ?? stream.map { HostPort(host: $0.host, port: 1705) }
        }
    }

    public struct HostPort: Sendable, Equatable, CustomStringConvertible {
        public var host: String
        public var port: Int
        public init(host: String, port: Int) { self.host = host; self.port = port }
        public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

        /// `host:port` or `[v6]:port`, with a port from 1 to 65535.
        public static func parse(_ text: String) -> HostPort? {
            var host: Substring, port: Substring
            if text.hasPrefix("[") {
                guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else { return nil }
                host = text[text.index(after: text.startIndex)..<close]
                port = text[text.index(close, offsetBy: 2)...]
            } else {
                guard let colon = text.lastIndex(of: ":") else { return nil }
                host = text[..<colon]
                port = text[text.index(after: colon)...]
                if host.contains(":") { return nil }
            }
            guard !host.isEmpty, let number = Int(port), (1...65535).contains(number) else { return nil }
            return HostPort(host: String(host), port: number)
        }
    }

    /// snapcast's `rate:bits:channels`; the box sends stereo only.
    public struct StreamFormat: Sendable, Equatable, CustomStringConvertible {
        public var sampleRate: Int
        public var bitsPerSample: Int
        public init(sampleRate: Int, bitsPerSample: Int) {
            self.sampleRate = sampleRate
            self.bitsPerSample = bitsPerSample
        }
        public var description: String { "\(sampleRate):\(bitsPerSample):2" }

        public static func parse(_ text: String) -> StreamFormat? {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 3, let rate = Int(parts[0]), let bits = Int(parts[1]),
                  (8000...384_000).contains(rate), [16, 24, 32].contains(bits), parts[2] == "2" else { return nil }
            return StreamFormat(sampleRate: rate, bitsPerSample: bits)
        }
    }

    mutating func readSnapcast(_ document: TOMLDocument) -> [ConfigError] {
        var table = TableReader(document, table: ["snapcast"])
        if let value = table.parsed("stream", expected: "snapserver's TCP source, like \"tcp://127.0.0.1:4953\"", { text in
            text.hasPrefix("tcp://") ? HostPort.parse(String(text.dropFirst(6))) : nil
        }) { snapcast.stream = value }
        if let value = table.parsed("control", expected: "snapserver's JSON-RPC address, like \"127.0.0.1:1705\"",
                                    HostPort.parse) { snapcast.control = value }
        if let value = table.parsed("format", expected: "a stereo sample format rate:bits:2, like \"44100:16:2\" "
                                    + "(bits 16, 24 or 32)", StreamFormat.parse) { snapcast.format = value }
        table.refuseUnknownKeys()
        return table.problems
    }
}
