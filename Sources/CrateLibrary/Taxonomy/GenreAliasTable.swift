/// A group of tags that all mean one thing. `target` is a sub-genre name ("Post-Punk") or,
/// when the tag says no more than the section, a super-genre display name ("Rock", "Other").
struct GenreAliasGroup: Sendable {
    let target: String
    let tags: [String]

    init(_ target: String, _ tags: [String]) {
        self.target = target
        self.tags = tags
    }
}

/// The exact lookup table, built once from the catalogue and the alias groups.
struct GenreAliasTable: Sendable {
    /// Normalised key (`GenreText.key`) → meaning.
    var entries: [String: GenreMatch] = [:]
    /// Keys that only count when they are the whole tag (see `GenreTaxonomy.weakTags`).
    var weak: Set<String> = []
    /// Inconsistencies found while building: unknown targets, one key with two meanings,
    /// duplicate sub-genre names. Always empty in a correct taxonomy (tested).
    var problems: [String] = []
}

extension GenreTaxonomy {
    static let aliasTable: GenreAliasTable = buildAliasTable()

    /// Every hand-written alias group, by super-genre.
    static var aliasGroups: [GenreAliasGroup] {
        rockAliases + metalAliases + popAliases + hipHopAliases + rnbSoulAliases + jazzAliases
            + bluesAliases + countryAliases + folkAliases + electronicAliases + breakbeatAliases
            + reggaeAliases + latinAliases + worldAliases + classicalAliases + otherAliases
    }

    /// Generic words that are a genre on their own (an ID3v1 name, mostly) but would
    /// mislead as part of a longer tag: "Bass" is Bass Music, "jazz bass" is not;
    /// "Crossover" is crossover thrash, "classical crossover" is not.
    static let weakTags: [String] = [
        "abstract", "acid", "ballad", "ballads", "bass", "beat", "beats", "bounce", "chant", "chill",
        "chorus", "club", "cool", "crossover", "dance", "delta", "dream", "east coast", "easy", "euro",
        "festival", "freestyle", "game", "golden age", "idol", "jam", "liquid", "lovers", "mass",
        "military", "minimal", "nashville", "old school", "outlaw", "progressive", "retro", "revival",
        "roots", "sacred", "score", "screw", "son", "space", "spiritual", "standards", "synth", "theme",
        "traditional", "trailer", "tribal", "vocal", "west coast",
    ]

    /// Precedence, highest first: sub-genre names, hand-written aliases, full super-genre
    /// names, then each half of a super-genre name ("Hip-Hop", "Rap", "Soul") unless an
    /// alias already gave that word a more precise meaning ("Soul" → Classic Soul).
    static func buildAliasTable() -> GenreAliasTable {
        var table = GenreAliasTable()
        var subByName: [String: SubGenre] = [:]

        for sub in subGenres {
            let key = GenreText.key(sub.name)
            if let existing = table.entries[key] {
                table.problems.append("sub-genre \(sub.name) has the same key as \(existing.displayName)")
            }
            table.entries[key] = GenreMatch(sub)
            subByName[sub.name] = sub
        }

        for group in aliasGroups {
            let match: GenreMatch
            if let sub = subByName[group.target] {
                match = GenreMatch(sub)
            } else if let superGenre = SuperGenre(rawValue: group.target) {
                match = GenreMatch(superGenre: superGenre)
            } else {
                table.problems.append("alias target \(group.target) is neither a sub- nor a super-genre")
                continue
            }
            for tag in group.tags {
                let key = GenreText.key(tag)
                if key.isEmpty {
                    table.problems.append("alias \"\(tag)\" normalises to nothing")
                } else if let existing = table.entries[key], existing != match {
                    table.problems.append("alias \"\(tag)\" → \(match.displayName) clashes with \(existing.displayName)")
                } else {
                    table.entries[key] = match
                }
            }
        }

        for superGenre in SuperGenre.allCases {
            let key = GenreText.key(superGenre.rawValue)
            let match = GenreMatch(superGenre: superGenre)
            if let existing = table.entries[key], existing != match {
                table.problems.append("super-genre \(superGenre.rawValue) is aliased to \(existing.displayName)")
            }
            table.entries[key] = match
        }
        for superGenre in SuperGenre.allCases {
            for part in superGenre.rawValue.split(separator: "/") {
                let key = GenreText.key(String(part))
                if table.entries[key] == nil { table.entries[key] = GenreMatch(superGenre: superGenre) }
            }
        }

        for tag in weakTags {
            let key = GenreText.key(tag)
            if table.entries[key] == nil { table.problems.append("weak tag \"\(tag)\" has no alias") }
            table.weak.insert(key)
        }
        return table
    }
}

/// Rules for the long tail: a word ending in `suffix` files the tag. Applied by
/// `fuzzyMatch` to one word at a time, from the last word (the head noun of a genre phrase)
/// to the first, and at each word only when no alias ends there. Order is precedence within
/// one word: "...metal", "...core" → Metal before anything else.
/// Exceptions are exact aliases, which always win over these rules: hardcore, post-hardcore,
/// emocore (Punk), slowcore (Indie), horrorcore, nerdcore (Hip-Hop), breakcore, speedcore,
/// happy hardcore (Electronic); trip-hop (Electronic); dream pop (Shoegaze); folk rock,
/// country rock, blues rock, jazz rock (→ Fusion); synth-pop/electropop (Pop › Synth-Pop).
struct GenreKeywordRule: Sendable {
    let suffix: String
    let match: GenreMatch
}

extension GenreTaxonomy {
    static let keywordRules: [GenreKeywordRule] = {
        func sub(_ name: String) -> GenreMatch {
            // Every name here is in the catalogue (tested); Other would show up in tests.
            subGenre(exactly: name).map(GenreMatch.init) ?? .other
        }
        let rules: [(String, GenreMatch)] = [
            ("metal", GenreMatch(superGenre: .metal)),
            ("core", GenreMatch(superGenre: .metal)),
            ("house", sub("House")),
            ("techno", sub("Techno")),
            ("trance", sub("Trance")),
            ("step", GenreMatch(superGenre: .breakbeatBass)),
            ("jazz", GenreMatch(superGenre: .jazz)),
            ("blues", GenreMatch(superGenre: .blues)),
            ("punk", sub("Punk")),
            ("gaze", sub("Shoegaze")),
            ("billy", sub("Rock & Roll")),
            ("rock", GenreMatch(superGenre: .rock)),
            ("pop", GenreMatch(superGenre: .pop)),
            ("hop", GenreMatch(superGenre: .hipHopRap)),
            ("rap", GenreMatch(superGenre: .hipHopRap)),
            ("grass", sub("Bluegrass")),
            ("folk", GenreMatch(superGenre: .folkAcoustic)),
            ("disco", sub("Disco")),
            ("funk", sub("Funk")),
            ("soul", GenreMatch(superGenre: .rnbSoul)),
            ("reggae", GenreMatch(superGenre: .reggaeCaribbean)),
            ("tronica", GenreMatch(superGenre: .electronicDance)),
        ]
        return rules.map { GenreKeywordRule(suffix: $0.0, match: $0.1) }
    }()

    static func subGenre(exactly name: String) -> SubGenre? {
        subGenres.first { $0.name == name }
    }

    /// The exact phase: the whole tag is a known name or alias (weak ones included).
    static func exactMatch(_ tag: String) -> GenreMatch? {
        aliasTable.entries[GenreText.key(tag)]
    }

    /// The long-tail phases, for a tag that is not an exact alias:
    /// 1. drop noise tokens (decades, "music") and look the rest up whole;
    /// 2. walk the words from the last to the first (the head of a genre phrase comes last:
    ///    "swedish death metal", "old school punk"); at each word, the longest run of words
    ///    ending there that is an alias wins ("melodic death metal" → "death metal",
    ///    "drum and bass uk" → "drum bass"), weak aliases and aliases to Other skipped;
    ///    failing that, the keyword rules on that one word ("glitch hop" → Hip-Hop/Rap).
    static func fuzzyMatch(_ tag: String) -> GenreMatch? {
        let tokens = GenreText.tokens(tag).filter { !GenreText.isNoise($0) }
        guard !tokens.isEmpty else { return nil }
        let table = aliasTable
        if let match = table.entries[tokens.joined()], match.superGenre != .other { return match }

        for end in stride(from: tokens.count - 1, through: 0, by: -1) {
            let longest = min(end + 1, 5)
            for length in stride(from: longest, through: 1, by: -1) where length < tokens.count {
                let key = tokens[end + 1 - length ... end].joined()
                guard !table.weak.contains(key), let match = table.entries[key] else { continue }
                if match.superGenre != .other { return match }
            }
            for rule in keywordRules where tokens[end].hasSuffix(rule.suffix) {
                return rule.match
            }
        }
        return nil
    }
}
