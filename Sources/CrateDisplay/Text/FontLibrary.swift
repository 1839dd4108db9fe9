import Glibc
import Synchronization

/// Finds the console fonts installed on the box (Debian's console-setup puts Terminus in
/// /usr/share/consolefonts as e.g. Uni2-Terminus16.psf.gz, Uni2-TerminusBold24x12.psf.gz)
/// and hands out the best one for a wanted pixel height. The directory is read on first
/// use and each font file when first chosen; fonts that fail to load are remembered with
/// their error and not tried again. Safe to use from any thread.
public final class FontLibrary: Sendable {
    /// A font file found on disk; `height` comes from its name and is checked on loading.
    public struct Entry: Sendable, Equatable {
        public let path: String
        public let height: Int
        public let bold: Bool
    }

    public static let defaultDirectory = "/usr/share/consolefonts"
    /// In order of preference; the first family with any file is used. Uni2 covers Latin,
    /// Greek and Cyrillic, the scripts most album tags are written in.
    public static let defaultFamilies = ["Uni2-Terminus", "Uni3-Terminus", "Lat15-Terminus"]

    public let directory: String
    public let families: [String]

    private struct State {
        var entries: [Entry]?
        var loaded: [String: PSFFont] = [:]
        var failures: [String: FontError] = [:]
    }
    private let state = Mutex(State())

    public init(directory: String = defaultDirectory, families: [String] = defaultFamilies) {
        self.directory = directory
        self.families = families
    }

    /// The font files of the first family present, by height (empty without any).
    public var available: [Entry] {
        state.withLock { state in entries(&state) }
    }

    /// Fonts that could not be loaded, for `doctor` and the log.
    public var failures: [FontError] {
        state.withLock { Array($0.failures.values) }
    }

    /// The font for text about `height` pixels tall: the tallest installed font not
    /// taller than that, scaled by a whole factor when the wanted height is at least
    /// twice its size; else the built-in font scaled to fit; else (a height smaller than
    /// any font) the smallest installed font. Bold falls back to regular where a size
    /// has no bold cut.
    public func font(height: Int, bold: Bool = false) -> any BitmapFont {
        state.withLock { state -> any BitmapFont in
            let all = entries(&state)
            let boldFits = all.contains { $0.bold && $0.height <= height }
            let pool = all.filter { $0.bold == (bold && boldFits) }
            for entry in pool.reversed() where entry.height <= height {
                guard let font = load(entry, &state) else { continue }
                let factor = height / font.height
                return factor >= 2 ? font.scaled(by: factor) : font
            }
            if height >= BuiltinFont.height { return BuiltinFont(scale: height / BuiltinFont.height) }
            for entry in pool {
                if let font = load(entry, &state) { return font }
            }
            return BuiltinFont()
        }
    }

    private func entries(_ state: inout State) -> [Entry] {
        if let entries = state.entries { return entries }
        let names = Self.fileNames(in: directory)
        var found: [Entry] = []
        for family in families {
            found = names.compactMap { Self.entry(name: $0, family: family, directory: directory) }
            if !found.isEmpty { break }
        }
        found.sort { ($0.height, $0.path) < ($1.height, $1.path) }
        state.entries = found
        return found
    }

    private func load(_ entry: Entry, _ state: inout State) -> PSFFont? {
        if let font = state.loaded[entry.path] { return font }
        if state.failures[entry.path] != nil { return nil }
        do {
            let font = try PSFFont(contentsOf: entry.path)
            state.loaded[entry.path] = font
            return font
        } catch {
            state.failures[entry.path] = error
            return nil
        }
    }

    /// "Uni2-Terminus12x6.psf.gz" in family "Uni2-Terminus" → height 12, regular;
    /// "Uni2-TerminusBold20x10.psf.gz" → height 20, bold; "…BoldVGA16" is another design.
    static func entry(name: String, family: String, directory: String) -> Entry? {
        guard name.hasPrefix(family) else { return nil }
        var rest = Substring(name.dropFirst(family.count))
        if rest.hasSuffix(".psf.gz") {
            rest = rest.dropLast(7)
        } else if rest.hasSuffix(".psf") {
            rest = rest.dropLast(4)
        } else {
            return nil
        }
        let bold = rest.hasPrefix("Bold")
        if bold { rest = rest.dropFirst(4) }
        let digits = rest.prefix(while: \.isASCIIDigit)
        let after = rest.dropFirst(digits.count)
        guard let height = Int(digits), height > 0,
              after.isEmpty || (after.first == "x" && after.dropFirst().allSatisfy(\.isASCIIDigit)) else { return nil }
        return Entry(path: directory + "/" + name, height: height, bold: bold)
    }

    private static func fileNames(in directory: String) -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
