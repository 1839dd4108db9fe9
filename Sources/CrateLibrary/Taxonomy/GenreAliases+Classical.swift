// Aliases for Classical/Ambient, and the tags that are deliberately Other.
//
// Soundtrack is Classical/Ambient › Soundtrack: film, TV and game scores are mostly
// orchestral or ambient and a shop files them in one "Soundtracks" bin; songs from
// musicals are Pop › Show Tunes. Anime is Pop › J-Pop (it is mostly theme songs).

extension GenreTaxonomy {
    static let classicalAliases: [GenreAliasGroup] = [
        GenreAliasGroup("Classical/Ambient", [
            "classical", "classical music", "classique", "musique classique", "klassik", "klassische musik",
            "clasica", "musica clasica", "classica", "musica classica", "art music", "classical crossover",
            "crossover classical", "brass and military", "military", "classical instrumental",
        ]),
        GenreAliasGroup("Early Music", [
            "medieval", "renaissance", "gregorian chant", "gregorian", "chant", "plainchant", "plainsong",
            "ars nova", "ars antiqua", "medieval music", "renaissance music", "early music ensemble",
            "lute",
        ]),
        GenreAliasGroup("Baroque", ["baroque music", "barock", "baroque period", "harpsichord"]),
        GenreAliasGroup("Classical Period", [
            "classical era", "classicism", "viennese classical", "galant", "classical period music",
            "viennese classicism",
        ]),
        GenreAliasGroup("Romantic", [
            "romantic era", "romanticism", "romantic period", "late romantic", "romantic classical",
            "post romantic", "late romanticism",
        ]),
        GenreAliasGroup("Modern Classical", [
            "contemporary classical", "20th century classical", "20th century", "21st century classical",
            "neoclassical", "neo classical", "neoclassicism", "modern composition",
            "contemporary composition", "post classical", "new music", "avant garde classical",
            "serialism", "twelve tone", "impressionism", "impressionist", "spectralism", "new complexity",
            "modernism", "atonal", "neo romantic", "neoromantic", "post modern", "postmodern", "contemporary classical music", "modern classical music",
        ]),
        GenreAliasGroup("Minimalism", [
            "minimalist", "minimal music", "post minimalism", "postminimalism", "holy minimalism",
            "systems music", "minimalist composition",
        ]),
        GenreAliasGroup("Orchestral", [
            "symphony", "symphonic", "symphonies", "orchestra", "concerto", "concertos", "symphonic poem",
            "tone poem", "overture", "overtures", "ballet", "orchestral music", "orchestral classical",
        ]),
        GenreAliasGroup("Chamber Music", [
            "chamber", "string quartet", "string quartets", "sonata", "sonatas", "piano trio",
            "classical piano", "classical guitar", "piano sonata", "chamber ensemble",
        ]),
        GenreAliasGroup("Opera", [
            "operas", "operetta", "opera buffa", "opera seria", "zarzuela", "bel canto", "lieder", "lied",
            "aria", "arias", "classical vocal", "art song", "melodie francaise", "singspiel",
        ]),
        GenreAliasGroup("Choral", [
            "choir", "choirs", "chorus", "chorale", "a cappella", "a capella", "acapella", "oratorio",
            "mass", "requiem", "cantata", "cantatas", "motet", "motets", "sacred", "sacred music",
            "church music", "liturgical", "hymns", "hymn", "choral music", "sacred choral", "vocal ensemble",
        ]),
        GenreAliasGroup("Soundtrack", [
            "soundtracks", "ost", "original soundtrack", "original score", "score", "film score",
            "film music", "movie soundtrack", "film soundtrack", "tv soundtrack", "game", "video game",
            "video game music", "vgm", "game music", "game soundtrack", "trailer", "trailer music",
            "epic music", "cinematic", "library music", "production music", "stage and screen",
            "stage & screen", "bso", "filmmusik", "movie score", "film scores", "television music",
            "spaghetti western", "theme", "themes", "tv themes", "soundtrack music", "musique de film", "tv music",
        ]),
        GenreAliasGroup("Experimental", [
            "avant garde", "avantgarde", "noise", "harsh noise", "harsh noise wall", "japanoise",
            "musique concrete", "electroacoustic", "electro acoustic", "acousmatic", "sound art",
            "sound collage", "plunderphonics", "abstract", "tape music", "field recordings",
            "field recording", "experimental music", "avant garde music", "sound poetry",
            "lowercase",
        ]),
        GenreAliasGroup("Ambient", [
            "dark ambient", "drone", "drone ambient", "space", "space music", "space ambient",
            "isolationism", "isolationist", "illbient", "psybient", "ambient music", "ambient drone",
            "dungeon synth", "sleep", "sleep music", "ambient electronic", "ambient electronica",
            "ambient soundscape", "soundscape", "soundscapes", "dark drone",
        ]),
        GenreAliasGroup("New Age", [
            "newage", "meditative", "meditation", "relaxation", "relaxing", "healing", "spa", "yoga",
            "nature sounds", "new age music", "spiritual", "mantra", "binaural", "reiki",
        ]),
    ]

    /// Tags that say something, but nothing about the music's genre: filed under Other on
    /// purpose (and ignored inside longer tags, so "christmas jazz" is Jazz).
    static let otherAliases: [GenreAliasGroup] = [
        GenreAliasGroup("Other", [
            "other", "others", "misc", "miscellaneous", "unknown", "unknown genre", "none", "no genre",
            "genre", "various", "various artists", "unclassifiable", "unclassified", "eclectic", "cult",
            "pranks", "prank", "sound clip", "sound clips", "sound effects", "sfx", "comedy",
            "stand up comedy", "stand up", "humour", "humor", "satire", "parody", "spoken word",
            "spoken", "speech", "audiobook", "audiobooks", "audio book", "audio theatre",
            "audio theater", "audio drama", "radio play", "radio drama", "horspiel", "horbuch",
            "podcast", "podcasts", "lecture", "interview", "interviews", "poetry", "non music",
            "children's", "children's music", "kids", "kids music", "childrens", "nursery rhymes",
            "christmas", "christmas music", "holiday", "holidays", "xmas", "instrumental", "duet",
            "duets", "drum solo", "karaoke", "african american", "cut up dj", "test tones", "education", "educational", "language course",
        ]),
    ]
}
