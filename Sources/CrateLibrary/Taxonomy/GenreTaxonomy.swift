/// The two-tier genre taxonomy: sixteen super-genres (the sections of the shop, what the
/// genre button cycles through) with sub-categories, and the mapping of free-text genre
/// tags (ID3 TCON, ID3v1 names, Vorbis GENRE, Plex genres) onto it. Static data in code,
/// validated by TaxonomyTests.
///
/// How one tag is read, first hit wins:
/// 1. Exact: the normalised tag (see `GenreText`) is a sub-genre name, an alias (hundreds,
///    including all 192 ID3v1/Winamp names; files `GenreAliases+*.swift`) or a super-genre
///    name or half of one ("Hip-Hop", "Rap", "Soul").
/// 2. A list in one tag ("Rock; Pop", "Rock/Pop", "Folk, World, & Country"): the parts are
///    read as separate tags (`classify(tags:)`).
/// 3. Long tail (`fuzzyMatch`): without decades and "music"; then the longest run of words
///    that is an alias ("Swedish melodic death metal" → Death Metal); then keyword rules on
///    single words, the last word first ("...metal", "...core" → Metal; "...house" → House;
///    "...jazz" → Jazz; "...rock" → Rock; "...pop" → Pop; "...hop" → Hip-Hop/Rap;
///    "...step" → Breakbeat/Bass; see `keywordRules`).
/// 4. Otherwise Other, no sub-genre.
///
/// Exact aliases beat keyword rules, which is how the exceptions are written: "jazz rock" →
/// Jazz › Fusion, "pop punk" → Rock › Punk, "trip hop" → Electronic/Dance › Trip-Hop,
/// "dark ambient" → Ambient, "ambient techno" → Techno (the keyword rule, deliberately).
/// Tags that are not music ("Comedy", "Audiobook", "Podcast", "Spoken Word", "Christmas",
/// "Instrumental") are exact aliases of Other and are ignored inside longer tags.
public enum GenreTaxonomy {
    /// Every sub-genre, grouped by super-genre in `SuperGenre.allCases` order.
    public static let subGenres: [SubGenre] = catalog.flatMap { entry in
        entry.1.map { SubGenre(name: $0, superGenre: entry.0) }
    }

    private static let subGenresBySuper: [SuperGenre: [SubGenre]] =
        Dictionary(grouping: subGenres, by: \.superGenre)

    /// The sub-categories of one super-genre, in shop order; empty for `.other`.
    public static func subGenres(of superGenre: SuperGenre) -> [SubGenre] {
        subGenresBySuper[superGenre] ?? []
    }

    /// Reads one free-text genre tag. Unknown or non-music tags give `.other`.
    public static func classify(_ tag: String) -> GenreMatch {
        if let match = exactMatch(tag) { return match }
        let parts = tag.split(whereSeparator: { listSeparators.contains($0) })
        if parts.count > 1 {
            let match = classify(tags: parts.map(String.init))
            if match.superGenre != .other { return match }
        }
        return fuzzyMatch(tag) ?? .other
    }

    /// Reads several tags of one file or album: the first tag that names a sub-genre wins;
    /// failing that, the first that names a super-genre; failing that, Other.
    public static func classify(tags: [String]) -> GenreMatch {
        var firstSuper: GenreMatch?
        for tag in tags {
            let match = classify(tag)
            if match.subGenre != nil { return match }
            if firstSuper == nil, match.superGenre != .other { firstSuper = match }
        }
        return firstSuper ?? .other
    }

    /// A super-genre as an admin might type it: the display name or half of it, any case,
    /// spacing or punctuation ("hip hop", "rnb", "r&b", "electronic", "classical"), or any
    /// exact alias, which names its super-genre ("house" → Electronic/Dance). No guessing:
    /// nil when the words are not an exact name or alias.
    public static func superGenre(named name: String) -> SuperGenre? {
        aliasTable.entries[GenreText.key(name)]?.superGenre
    }

    /// A sub-genre as an admin might type it: the name in any case, spacing or punctuation,
    /// or an exact alias ("drum and bass", "d&b", "dnb" → Drum & Bass; "post punk" →
    /// Post-Punk). nil when the words are unknown or only name a super-genre.
    public static func subGenre(named name: String) -> SubGenre? {
        aliasTable.entries[GenreText.key(name)]?.subGenre
    }

    /// Characters that separate several genres written into one tag. "/" is among them,
    /// but names containing it ("Hip-Hop/Rap", "Pop/Funk") are exact aliases, read first.
    static let listSeparators: Set<Character> = [";", ",", "/", "|", "\\"]
}

extension GenreTaxonomy {
    /// Every genre several tags name, in tag order, each once, Other left out: what puts a
    /// "Jazz; Soul" album in both crates. A tag that is one exact name or alias ("Hip-Hop/Rap")
    /// is one genre; a list in one tag is read part by part.
    public static func classifyEach(tags: [String]) -> [GenreMatch] {
        var found: [GenreMatch] = []
        func add(_ match: GenreMatch) {
            if match.superGenre != .other, !found.contains(match) { found.append(match) }
        }
        for tag in tags {
            if let match = exactMatch(tag) { add(match); continue }
            let parts = tag.split(whereSeparator: { listSeparators.contains($0) })
            if parts.count > 1 {
                for part in parts { add(classify(String(part))) }
            } else {
                add(fuzzyMatch(tag) ?? .other)
            }
        }
        return found
    }
}
