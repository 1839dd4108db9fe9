/// What an `[audio] device` string points at, read the way ALSA reads the common forms,
/// without linking ALSA: `hw:1,0`, `plughw:CARD=x,DEV=0`, `hw:Loopback,0,0`, `default`,
/// `null`, `file:FILE=…`. A name ALSA's configuration defines (`pulse`, an asound.conf
/// alias) is `other`: only the daemon can say whether it opens.
enum ALSATarget: Equatable, Sendable {
    /// Nothing configured: `default`, falling back to a null sink without a card.
    case unset
    case null
    /// `file:FILE=path,…` (or `file:'path'`): the raw PCM goes to a file.
    case file(path: String?)
    /// `default`: ALSA's default, card 0 unless its configuration says otherwise.
    case systemDefault
    /// A card and its PCM device, through the plugin named (`hw`, `plughw`, …).
    case card(plugin: String, card: String, device: Int)
    case other(String)

    /// Plugins whose arguments are CARD, DEV (and SUBDEV): the ones that name hardware.
    static let cardPlugins: Set<String> = [
        "hw", "plughw", "sysdefault", "default", "front", "rear", "center_lfe", "side", "iec958", "spdif", "hdmi",
        "dmix", "dsnoop", "surround21", "surround40", "surround41", "surround50", "surround51", "surround71",
    ]

    static func parse(_ name: String?) -> ALSATarget {
        guard let name else { return .unset }
        if name == "null" { return .null }
        if name == "default" { return .systemDefault }
        let parts = name.split(separator: ":", maxSplits: 1)
        let plugin = String(parts[0])
        let arguments = Self.arguments(parts.count > 1 ? String(parts[1]) : "")
        if plugin == "file" {
            return .file(path: arguments.named["FILE"] ?? arguments.positional.first)
        }
        guard cardPlugins.contains(plugin) else { return .other(name) }
        let card = arguments.named["CARD"] ?? arguments.positional.first
        let deviceText = arguments.named["DEV"] ?? (arguments.positional.count > 1 ? arguments.positional[1] : nil)
        guard let card else {
            // `hw` or `plughw` alone: ALSA's default card, device 0.
            return plugin == "hw" || plugin == "plughw" ? .card(plugin: plugin, card: "0", device: 0) : .systemDefault
        }
        guard let device = Int(deviceText ?? "0"), device >= 0 else { return .other(name) }
        return .card(plugin: plugin, card: card, device: device)
    }

    /// `CARD=x,DEV=0` or `x,0,0`, quotes removed.
    private static func arguments(_ text: String) -> (positional: [String], named: [String: String]) {
        var positional: [String] = []
        var named: [String: String] = [:]
        for piece in text.split(separator: ",") {
            if let equals = piece.firstIndex(of: "=") {
                named[piece[..<equals].uppercased()] = unquote(piece[piece.index(after: equals)...])
            } else {
                positional.append(unquote(piece))
            }
        }
        return (positional, named)
    }

    private static func unquote(_ text: Substring) -> String {
        let trimmed = text.trimmingSpaces
        for quote in ["\"", "'"] where trimmed.count >= 2 && trimmed.hasPrefix(quote) && trimmed.hasSuffix(quote) {
            return String(trimmed.dropFirst().dropLast())
        }
        return String(trimmed)
    }
}

/// One line pair of /proc/asound/cards.
struct SoundCard: Equatable, Sendable {
    var index: Int
    /// The short name in brackets (`Loopback`, `vc4hdmi0`): what `hw:ID` takes.
    var id: String
    var name: String

    /// ` 0 [Loopback       ]: Loopback - Loopback` (the indented second line is the long name).
    static func parse(_ text: String) -> [SoundCard] {
        var cards: [SoundCard] = []
        for line in text.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " }
            guard let open = trimmed.firstIndex(of: "["), let close = trimmed.firstIndex(of: "]"), open < close,
                  let index = Int(trimmed[..<open].trimmingSpaces) else { continue }
            let id = trimmed[trimmed.index(after: open)..<close].trimmingSpaces
            var rest = trimmed[trimmed.index(after: close)...]
            if rest.hasPrefix(":") { rest = rest.dropFirst() }
            cards.append(SoundCard(index: index, id: String(id), name: String(rest.trimmingSpaces)))
        }
        return cards
    }

    /// The card `hw:X` means: an index or an id (ALSA compares ids exactly).
    static func find(_ reference: String, in cards: [SoundCard]) -> SoundCard? {
        if let index = Int(reference) { return cards.first { $0.index == index } }
        return cards.first { $0.id == reference }
    }

    /// `0 Loopback, 1 vc4hdmi0`.
    static func list(_ cards: [SoundCard]) -> String {
        cards.isEmpty ? "none" : cards.map { "\($0.index) \($0.id)" }.joined(separator: ", ")
    }
}

/// The playback PCM nodes /dev/snd holds: `pcmC1D0p` is card 1, device 0, playback.
struct PlaybackNode: Equatable, Sendable {
    var card: Int
    var device: Int

    static func parse(_ names: [String]) -> [PlaybackNode] {
        names.compactMap { name -> PlaybackNode? in
            guard name.hasPrefix("pcmC"), name.hasSuffix("p"), let d = name.firstIndex(of: "D") else { return nil }
            let card = name[name.index(name.startIndex, offsetBy: 4)..<d]
            let device = name[name.index(after: d)..<name.index(before: name.endIndex)]
            guard let c = Int(card), let n = Int(device) else { return nil }
            return PlaybackNode(card: c, device: n)
        }.sorted { ($0.card, $0.device) < ($1.card, $1.device) }
    }

    static func pcmName(card: Int, device: Int) -> String { "pcmC\(card)D\(device)p" }
    static func controlName(card: Int) -> String { "controlC\(card)" }
}

extension StringProtocol where SubSequence == Substring {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: Substring {
        let start = firstIndex { $0 != " " && $0 != "\t" } ?? endIndex
        let end = lastIndex { $0 != " " && $0 != "\t" }.map { index(after: $0) } ?? start
        return self[start..<Swift.max(start, end)]
    }
}
