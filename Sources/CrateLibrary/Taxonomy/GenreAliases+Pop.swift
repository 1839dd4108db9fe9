// Aliases for Pop, Hip-Hop/Rap and R&B/Soul.
// Christian/CCM/worship tags without a style word are Pop (the CCM mainstream); with one
// they follow it ("christian rock" → Rock, "christian rap" → Hip-Hop/Rap); gospel is R&B/Soul.

extension GenreTaxonomy {
    static let popAliases: [GenreAliasGroup] = [
        GenreAliasGroup("Pop", [
            "pop music", "top 40", "top 40 pop", "ballad", "ballads", "contemporary christian", "ccm",
            "christian pop", "christian", "christian music", "religious", "worship",
            "praise and worship", "adult contemporary", "mainstream pop", "schlager", "variete", "variety",
            "pop ballad", "pop vocal",
        ]),
        GenreAliasGroup("Traditional Pop", [
            "vocal", "crooner", "crooners", "standards", "vocal standards", "great american songbook",
            "vocal pop", "adult standards", "traditional vocal pop", "easy vocal",
        ]),
        GenreAliasGroup("Classic Pop", [
            "oldies", "retro", "sunshine pop", "bubblegum", "bubblegum pop", "brill building",
            "girl group", "girl groups", "wall of sound", "60s pop", "teen idol", "oldies pop",
        ]),
        GenreAliasGroup("Easy Listening", [
            "lounge", "exotica", "space age pop", "bachelor pad", "instrumental pop", "mood music",
            "beautiful music", "light music", "elevator music", "muzak", "middle of the road", "mor",
            "cocktail", "lounge music", "easy",
        ]),
        GenreAliasGroup("Show Tunes", [
            "showtunes", "musical", "musicals", "broadway", "musical theatre", "musical theater",
            "cabaret", "vaudeville", "music hall", "original cast", "cast recording",
            "original broadway cast", "west end", "show tune",
        ]),
        GenreAliasGroup("Chanson", [
            "chanson francaise", "french chanson", "nouvelle chanson", "variete francaise", "ye ye",
            "yeye", "french pop", "canzone", "canzone italiana", "musica leggera", "cantautori italiani",
        ]),
        GenreAliasGroup("Power Pop", ["powerpop", "power pop rock"]),
        GenreAliasGroup("Synth-Pop", [
            "synthpop", "synth pop", "electropop", "electro pop", "new romantic", "new romantics",
            "futurepop", "technopop", "techno pop", "minimal synth", "synth", "electronic pop",
        ]),
        GenreAliasGroup("Dance-Pop", [
            "dance pop", "europop", "euro pop", "teen pop", "freestyle", "latin freestyle",
            "hyperpop", "digicore", "club pop", "electro dance pop", "pop dance",
        ]),
        GenreAliasGroup("Art Pop", [
            "baroque pop", "chamber pop", "avant pop", "experimental pop", "sophisti pop", "orchestral pop",
            "art pop rock",
        ]),
        GenreAliasGroup("Indie Pop", [
            "indiepop", "twee", "twee pop", "c86", "jangle pop", "jangle", "noise pop", "bedroom pop",
            "chillwave", "indietronica", "alt pop", "alternative pop", "indie electronic pop",
        ]),
        GenreAliasGroup("K-Pop", ["kpop", "korean pop", "korean", "k pop idol"]),
        GenreAliasGroup("J-Pop", [
            "jpop", "japanese pop", "city pop", "shibuya kei", "anime", "anison", "kayokyoku",
            "j idol", "idol", "vocaloid",
        ]),
        GenreAliasGroup("C-Pop", ["cpop", "mandopop", "cantopop", "chinese pop", "taiwanese pop", "hk pop"]),
    ]

    static let hipHopAliases: [GenreAliasGroup] = [
        GenreAliasGroup("Hip-Hop/Rap", [
            "hip hop", "hiphop", "rap", "hip hop rap", "rap hip hop", "christian rap", "christian hip hop",
            "horrorcore", "hardcore rap", "hardcore hip hop", "deutschrap", "rap francais", "uk hip hop",
            "uk rap", "hip hop music", "britcore",
        ]),
        GenreAliasGroup("Old School Hip-Hop", [
            "old school hip hop", "old school rap", "old school", "oldschool hip hop", "electro rap",
        ]),
        GenreAliasGroup("Golden Age Hip-Hop", [
            "golden age hip hop", "golden age", "golden era hip hop", "boom bap", "boombap", "golden age rap",
        ]),
        GenreAliasGroup("East Coast Hip-Hop", [
            "east coast hip hop", "east coast rap", "east coast", "new york hip hop", "ny hip hop",
            "nyc rap",
        ]),
        GenreAliasGroup("West Coast Hip-Hop", [
            "west coast rap", "west coast", "g funk", "gfunk", "hyphy", "la hip hop",
        ]),
        GenreAliasGroup("Southern Hip-Hop", [
            "southern rap", "dirty south", "crunk", "miami bass", "booty bass", "bounce",
            "new orleans bounce", "chopped and screwed", "screw", "memphis rap", "houston rap",
            "atlanta hip hop",
        ]),
        GenreAliasGroup("Gangsta Rap", [
            "gangsta", "thug rap", "gangster rap", "christian gangsta rap", "mafioso rap", "gangsta hip hop",
        ]),
        GenreAliasGroup("Conscious Hip-Hop", [
            "conscious rap", "political hip hop", "political rap", "socially conscious hip hop",
        ]),
        GenreAliasGroup("Alternative Hip-Hop", [
            "alternative rap", "alt hip hop", "underground hip hop", "underground rap",
            "experimental hip hop", "abstract hip hop", "nerdcore", "emo rap", "cloud rap",
            "indie hip hop",
        ]),
        GenreAliasGroup("Jazz Rap", ["jazz hip hop", "jazzy hip hop", "jazz hop", "jazzhop"]),
        GenreAliasGroup("Instrumental Hip-Hop", [
            "beats", "lo fi hip hop", "lofi hip hop", "lo fi beats", "lofi beats", "chillhop",
            "chill hop", "beat tape", "beattape", "turntablism", "instrumental rap",
        ]),
        GenreAliasGroup("Pop Rap", ["pop hip hop", "hip pop", "pop rap hip hop"]),
        GenreAliasGroup("Trap", [
            "trap music", "atlanta trap", "mumble rap", "phonk", "latin trap hip hop", "rage rap",
        ]),
        GenreAliasGroup("Drill", ["uk drill", "chicago drill", "ny drill", "brooklyn drill", "drill rap"]),
    ]

    static let rnbSoulAliases: [GenreAliasGroup] = [
        GenreAliasGroup("R&B/Soul", [
            "r&b", "rnb", "r and b", "r'n'b", "urban", "rnb soul", "soul r&b", "soul and r&b",
            "funk soul", "funk / soul", "soul funk", "r&b soul funk",
        ]),
        GenreAliasGroup("Rhythm & Blues", [
            "rhythm n blues", "classic r&b", "classic rnb", "new orleans r&b", "50s r&b",
        ]),
        GenreAliasGroup("Doo-Wop", ["doowop", "doo wop", "vocal group", "vocal groups"]),
        GenreAliasGroup("Classic Soul", [
            "soul", "soul music", "blue eyed soul", "psychedelic soul", "chicago soul", "retro soul",
            "sweet soul", "vintage soul", "60s soul",
        ]),
        GenreAliasGroup("Motown", ["detroit soul", "tamla motown", "motown sound"]),
        GenreAliasGroup("Southern Soul", ["memphis soul", "deep soul", "stax", "muscle shoals"]),
        GenreAliasGroup("Northern Soul", ["modern soul", "rare soul"]),
        GenreAliasGroup("Philly Soul", ["philadelphia soul", "philly sound", "philly"]),
        GenreAliasGroup("Funk", [
            "p funk", "pfunk", "deep funk", "pop funk", "pop/funk", "funky", "porn groove", "rare groove",
            "boogie", "minneapolis sound", "go go", "gogo", "funk music",
        ]),
        GenreAliasGroup("Gospel", [
            "black gospel", "southern gospel", "traditional gospel", "contemporary gospel",
            "urban contemporary gospel", "spirituals", "negro spirituals", "gospel choir", "country gospel",
        ]),
        GenreAliasGroup("Quiet Storm", ["slow jam", "slow jams", "smooth soul", "bedroom soul"]),
        GenreAliasGroup("Contemporary R&B", [
            "contemporary rnb", "rhythmic soul", "urban contemporary", "modern r&b", "alternative r&b",
            "alt r&b", "pbr&b", "90s r&b", "r&b pop", "contemporary rhythm and blues",
        ]),
        GenreAliasGroup("New Jack Swing", ["new jack", "njs", "swingbeat"]),
        GenreAliasGroup("Neo-Soul", ["neosoul", "nu soul", "neo soul r&b"]),
    ]
}
