/// The sub-categories of each super-genre, in the order a record shop would lay out its
/// bins (roughly historical). Names are unique across the taxonomy (tested) and are
/// themselves recognised as tags. Where a style could sit in two sections, the choice is
/// made here once and the alias tables follow it:
///
/// - Synth-Pop is Pop (with new romantic, electropop, futurepop); Synthwave is Electronic.
/// - Ambient, drone, dark ambient and New Age are Classical/Ambient; ambient *techno* is
///   Techno and ambient house/dub are Downtempo (the dance-music lineage wins there).
/// - Soundtrack (film, TV, game scores) is Classical/Ambient; musicals and show tunes are Pop.
/// - Disco is Electronic/Dance (the root of house), Funk is R&B/Soul.
/// - Trip-Hop is Electronic/Dance although it ends in "hop".
/// - Breakbeat/Bass holds the UK breakbeat continuum: jungle, drum & bass, garage, dubstep, grime.
/// - Dream pop is filed with Shoegaze; Folk Rock with Folk; Country Rock and Country Pop with
///   Country; Blues Rock with Blues (the modifier names the section a shop would use).
/// - Latin America (and Spanish-speaking Caribbean) is Latin/Brazilian; the English- and
///   French-speaking Caribbean is Reggae/Caribbean; flamenco and fado are World/Global.
/// - Experimental, noise and musique concrète are Classical/Ambient › Experimental.
extension GenreTaxonomy {
    static let catalog: [(SuperGenre, [String])] = [
        (.rock, [
            "Rock & Roll", "Classic Rock", "Hard Rock", "Progressive Rock", "Psychedelic", "Krautrock",
            "Garage", "Punk", "Post-Punk", "New Wave", "Alternative", "Indie", "Grunge", "Shoegaze",
            "Post-Rock",
        ]),
        (.metal, [
            "Heavy Metal", "Thrash Metal", "Death Metal", "Black Metal", "Doom Metal", "Power Metal",
            "Progressive Metal", "Symphonic Metal", "Gothic Metal", "Folk Metal", "Industrial Metal",
            "Alternative Metal", "Nu Metal", "Metalcore", "Grindcore",
        ]),
        (.pop, [
            "Traditional Pop", "Classic Pop", "Easy Listening", "Show Tunes", "Chanson", "Power Pop",
            "Synth-Pop", "Dance-Pop", "Art Pop", "Indie Pop", "K-Pop", "J-Pop", "C-Pop",
        ]),
        (.hipHopRap, [
            "Old School Hip-Hop", "Golden Age Hip-Hop", "East Coast Hip-Hop", "West Coast Hip-Hop",
            "Southern Hip-Hop", "Gangsta Rap", "Conscious Hip-Hop", "Alternative Hip-Hop", "Jazz Rap",
            "Instrumental Hip-Hop", "Pop Rap", "Trap", "Drill",
        ]),
        (.rnbSoul, [
            "Rhythm & Blues", "Doo-Wop", "Classic Soul", "Motown", "Southern Soul", "Northern Soul",
            "Philly Soul", "Funk", "Gospel", "Quiet Storm", "Contemporary R&B", "New Jack Swing",
            "Neo-Soul",
        ]),
        (.jazz, [
            "Dixieland", "Swing", "Big Band", "Bebop", "Cool Jazz", "Hard Bop", "Modal Jazz",
            "Soul Jazz", "Free Jazz", "Fusion", "Latin Jazz", "Vocal Jazz", "Acid Jazz", "Smooth Jazz",
            "Contemporary Jazz",
        ]),
        (.blues, [
            "Delta Blues", "Country Blues", "Piano Blues", "Jump Blues", "Chicago Blues",
            "Electric Blues", "Texas Blues", "Soul Blues", "Blues Rock", "Contemporary Blues",
        ]),
        (.electronicDance, [
            "Disco", "House", "Deep House", "Techno", "Trance", "Psytrance", "Electro", "Eurodance",
            "Hard Dance", "EDM", "Synthwave", "Industrial", "IDM", "Downtempo", "Trip-Hop",
        ]),
        (.breakbeatBass, [
            "Breakbeat", "Big Beat", "Jungle", "Drum & Bass", "UK Garage", "Grime", "Dubstep",
            "Bass Music",
        ]),
        (.country, [
            "Classic Country", "Honky Tonk", "Western Swing", "Bluegrass", "Nashville Sound",
            "Outlaw Country", "Country Rock", "Country Pop", "Contemporary Country", "Alt-Country",
            "Americana",
        ]),
        (.reggaeCaribbean, [
            "Mento", "Ska", "Rocksteady", "Roots Reggae", "Dub", "Lovers Rock", "Dancehall", "Calypso",
            "Soca", "Zouk",
        ]),
        (.latinBrazilian, [
            "Salsa", "Cuban", "Merengue", "Bachata", "Cumbia", "Tango", "Regional Mexican", "Reggaeton",
            "Latin Pop", "Bossa Nova", "Samba", "MPB", "Forró", "Baile Funk",
        ]),
        (.folkAcoustic, [
            "Traditional Folk", "Contemporary Folk", "Singer-Songwriter", "Folk Rock", "Indie Folk",
            "Psych Folk", "Neofolk", "Celtic", "Acoustic",
        ]),
        (.classicalAmbient, [
            "Early Music", "Baroque", "Classical Period", "Romantic", "Modern Classical", "Minimalism",
            "Orchestral", "Chamber Music", "Opera", "Choral", "Soundtrack", "Experimental", "Ambient",
            "New Age",
        ]),
        (.worldGlobal, [
            "African", "Afrobeat", "Middle Eastern", "Indian", "Asian", "Eastern European", "Fado",
            "Flamenco", "Pacific", "Indigenous",
        ]),
    ]
}
