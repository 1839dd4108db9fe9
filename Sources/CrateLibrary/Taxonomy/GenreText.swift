/// Normalisation of free-text genre tags, stdlib only.
///
/// A tag becomes a list of tokens: lowercased, diacritics folded by hand ("Électronique" →
/// "electronique", "Forró" → "forro", "ß" → "ss"), every run of non-letters/non-digits a
/// separator (hyphens, spaces, apostrophes, "/", "+", "&", dots…), and the connective tokens
/// "and" and "n" dropped, so "&", "and", "'n'", "+" all mean nothing: "Drum & Bass",
/// "drum and bass", "drum'n'bass", "Drum+Bass" all give [drum, bass].
/// The lookup key is the tokens joined without spaces, so "hip hop", "Hip-Hop" and
/// "HIPHOP" all become "hiphop", and "R&B", "R'n'B" become "rb".
enum GenreText {
    /// Tokens of a tag, after folding and dropping connectives.
    static func tokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        for scalar in text.lowercased().unicodeScalars {
            if scalar.properties.generalCategory == .nonspacingMark { continue }  // decomposed accents
            if let folded = fold[scalar] {
                current += folded
            } else if scalar.properties.isAlphabetic || isDigit(scalar) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                tokens.append(current)
                current = ""
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens.filter { !connectives.contains($0) }
    }

    /// The lookup key of a tag: its tokens joined ("Hip-Hop/Rap" → "hiphoprap").
    static func key(_ text: String) -> String {
        tokens(text).joined()
    }

    /// Tokens that carry no genre: "music", decades and years ("80s", "1970", "70's" →
    /// "70" "s"). Single digits stay ("2 step").
    static func isNoise(_ token: String) -> Bool {
        if noiseWords.contains(token) { return true }
        var digits = 0
        var rest = Substring(token)
        while let first = rest.first, first.isASCII, first.isNumber {
            digits += 1
            rest = rest.dropFirst()
        }
        return digits >= 2 && (rest.isEmpty || rest == "s")
    }

    static let connectives: Set<String> = ["and", "n"]

    static let noiseWords: Set<String> = [
        "music", "musik", "musique", "musica", "muziek", "song", "songs", "genre", "style", "s",
    ]

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.numericType != nil
    }

    /// Precomposed Latin letters (already lowercased) to their plain spelling.
    static let fold: [Unicode.Scalar: String] = {
        let groups: [(String, String)] = [
            ("àáâãäåāăąǎ", "a"), ("æ", "ae"), ("çćĉċč", "c"), ("ďđð", "d"), ("èéêëēĕėęě", "e"),
            ("ĝğġģ", "g"), ("ĥħ", "h"), ("ìíîïĩīĭįıǐ", "i"), ("ĵ", "j"), ("ķ", "k"), ("ĺļľŀł", "l"),
            ("ñńņňŉ", "n"), ("òóôõöøōŏőǒ", "o"), ("œ", "oe"), ("ŕŗř", "r"), ("śŝşšș", "s"), ("ß", "ss"),
            ("ţťŧț", "t"), ("þ", "th"), ("ùúûüũūŭůűųǔ", "u"), ("ŵ", "w"), ("ýÿŷ", "y"), ("źżž", "z"),
        ]
        var table: [Unicode.Scalar: String] = [:]
        for (letters, plain) in groups {
            for scalar in letters.unicodeScalars { table[scalar] = plain }
        }
        return table
    }()
}
