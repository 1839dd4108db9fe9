/// "Did you mean …?" for a misspelt key or table name.
enum Suggestion {
    /// The candidate closest to `word`, if one is close enough to be a likely typo:
    /// differing in case, `-` for `_`, by at most two edits (one for short words), or
    /// one being the start of the other (`warn` for `warning`).
    static func closest(to word: String, among candidates: [String]) -> String? {
        let typed = normalized(word)
        let limit = typed.count <= 4 ? 1 : 2
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let known = normalized(candidate)
            let isPrefix = min(typed.count, known.count) >= 3
                && (known.starts(with: typed) || typed.starts(with: known))
            let distance = isPrefix ? 1 : editDistance(typed, known)
            if distance <= limit, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    private static func normalized(_ word: String) -> [Character] {
        Array(word.lowercased().map { $0 == "-" ? "_" : $0 })
    }

    /// Levenshtein distance: insertions, deletions and substitutions.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// `a`, `a or b`, `a, b or c`.
    static func list(_ items: [String], conjunction: String = "or") -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items[items.count - 1]
    }
}
