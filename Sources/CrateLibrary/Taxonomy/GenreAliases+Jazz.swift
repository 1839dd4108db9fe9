// Aliases for Jazz, Blues, Country and Folk/Acoustic.

extension GenreTaxonomy {
    static let jazzAliases: [GenreAliasGroup] = [
        GenreAliasGroup("Jazz", ["jazz music", "modern jazz", "jazz instrumental", "mainstream jazz"]),
        GenreAliasGroup("Dixieland", [
            "dixie", "trad jazz", "traditional jazz", "new orleans jazz", "early jazz", "hot jazz",
            "ragtime", "stride", "stride piano", "chicago jazz", "jazz age", "new orleans",
        ]),
        GenreAliasGroup("Swing", [
            "gypsy jazz", "jazz manouche", "manouche", "hot club", "swing jazz", "swing revival",
            "jump swing",
        ]),
        GenreAliasGroup("Big Band", ["bigband", "big band jazz", "jazz orchestra", "big band swing"]),
        GenreAliasGroup("Bebop", ["bop", "bebob", "be bop"]),
        GenreAliasGroup("Cool Jazz", ["west coast jazz", "cool"]),
        GenreAliasGroup("Hard Bop", ["hardbop", "post bop", "postbop"]),
        GenreAliasGroup("Modal Jazz", ["modal"]),
        GenreAliasGroup("Soul Jazz", ["organ jazz", "jazz organ", "groove jazz", "organ trio"]),
        GenreAliasGroup("Free Jazz", [
            "avant garde jazz", "avantgarde jazz", "avant jazz", "free improvisation", "free improv",
            "spiritual jazz", "loft jazz", "experimental jazz", "improvised music",
        ]),
        GenreAliasGroup("Fusion", [
            "jazz fusion", "jazz rock", "jazzrock", "jazz funk", "jazz+funk", "fast fusion",
            "electric jazz", "jazz rock fusion",
        ]),
        GenreAliasGroup("Latin Jazz", [
            "afro cuban jazz", "cubop", "brazilian jazz", "latin jazz fusion", "afro latin jazz",
        ]),
        GenreAliasGroup("Vocal Jazz", [
            "jazz vocal", "jazz vocals", "jazz singer", "jazz vocalist", "female jazz vocal",
        ]),
        GenreAliasGroup("Acid Jazz", [
            "nu jazz", "nujazz", "future jazz", "jazztronica", "electro jazz", "broken jazz",
        ]),
        GenreAliasGroup("Smooth Jazz", ["crossover jazz", "contemporary smooth jazz", "quiet jazz"]),
        GenreAliasGroup("Contemporary Jazz", [
            "ecm", "european jazz", "nordic jazz", "chamber jazz", "third stream", "modern creative",
            "post modern jazz", "uk jazz",
        ]),
    ]

    static let bluesAliases: [GenreAliasGroup] = [
        GenreAliasGroup("Blues", ["blues music", "traditional blues"]),
        GenreAliasGroup("Delta Blues", ["mississippi blues", "delta"]),
        GenreAliasGroup("Country Blues", [
            "acoustic blues", "piedmont blues", "prewar blues", "pre war blues", "folk blues",
            "early blues", "hill country blues", "ragtime blues", "east coast blues",
        ]),
        GenreAliasGroup("Piano Blues", ["boogie woogie", "boogiewoogie", "barrelhouse"]),
        GenreAliasGroup("Jump Blues", ["jump and jive", "jive"]),
        GenreAliasGroup("Chicago Blues", ["urban blues", "chicago electric blues"]),
        GenreAliasGroup("Electric Blues", [
            "modern electric blues", "swamp blues", "louisiana blues", "west coast blues",
            "harmonica blues", "memphis blues",
        ]),
        GenreAliasGroup("Texas Blues", ["texas electric blues"]),
        GenreAliasGroup("Soul Blues", ["southern soul blues"]),
        GenreAliasGroup("Blues Rock", [
            "bluesrock", "british blues", "british blues boom", "heavy blues", "blues rock n roll",
        ]),
        GenreAliasGroup("Contemporary Blues", ["modern blues", "new blues", "contemporary blues rock"]),
    ]

    static let countryAliases: [GenreAliasGroup] = [
        GenreAliasGroup("Country", ["country music", "country and western", "c&w", "western", "cowboy"]),
        GenreAliasGroup("Classic Country", [
            "traditional country", "hillbilly", "cowboy songs", "neotraditional country",
            "neo traditionalist", "old country", "classic country music", "yodel",
        ]),
        GenreAliasGroup("Honky Tonk", ["honkytonk", "bakersfield sound", "bakersfield", "hard country"]),
        GenreAliasGroup("Western Swing", ["texas swing"]),
        GenreAliasGroup("Bluegrass", [
            "progressive bluegrass", "newgrass", "old time", "old timey", "old time music", "string band",
            "appalachian", "mountain music",
        ]),
        GenreAliasGroup("Nashville Sound", ["countrypolitan", "nashville"]),
        GenreAliasGroup("Outlaw Country", [
            "outlaw", "red dirt", "texas country", "red dirt country", "texas country music",
        ]),
        GenreAliasGroup("Country Rock", ["trop rock", "cosmic american music", "southern country rock"]),
        GenreAliasGroup("Country Pop", ["pop country", "countrypop", "country crossover"]),
        GenreAliasGroup("Contemporary Country", [
            "modern country", "new country", "hot country", "bro country", "country rap", "nu country",
        ]),
        GenreAliasGroup("Alt-Country", [
            "alt country", "alternative country", "insurgent country", "cowpunk", "no depression",
            "gothic country", "gothic americana", "y'alternative",
        ]),
        GenreAliasGroup("Americana", ["roots", "roots music", "americana roots", "american roots"]),
    ]

    static let folkAliases: [GenreAliasGroup] = [
        GenreAliasGroup("Folk/Acoustic", [
            "folk music", "folk world and country", "folk, world, & country", "world folk",
        ]),
        GenreAliasGroup("Traditional Folk", [
            "traditional folk music", "trad folk", "traditional", "folklore", "national folk",
            "british folk", "english folk", "appalachian folk", "polka", "volksmusik", "sea shanty",
            "sea shanties", "shanty", "shanties", "work songs", "cajun", "zydeco", "traditional folk songs", "folk song",
            "folk songs", "ballads and songs",
        ]),
        GenreAliasGroup("Contemporary Folk", [
            "folk revival", "american folk", "protest songs", "protest song", "pop folk", "folk pop",
            "nueva cancion", "urban folk", "modern folk", "new folk", "contemporary folk music",
        ]),
        GenreAliasGroup("Singer-Songwriter", [
            "singersongwriter", "cantautor", "cantautore", "cantautori", "liedermacher", "songwriter",
            "singer songwriter folk", "auteur compositeur interprete",
        ]),
        GenreAliasGroup("Folk Rock", ["folkrock", "electric folk", "british folk rock", "folk rock pop"]),
        GenreAliasGroup("Indie Folk", [
            "anti folk", "antifolk", "chamber folk", "folktronica", "stomp and holler", "indie folk rock",
            "folk indie",
        ]),
        GenreAliasGroup("Psych Folk", [
            "psychedelic folk", "freak folk", "acid folk", "wyrd folk", "new weird america", "psychfolk",
        ]),
        GenreAliasGroup("Neofolk", ["neo folk", "dark folk", "apocalyptic folk", "martial folk"]),
        GenreAliasGroup("Celtic", [
            "irish folk", "irish", "irish traditional", "scottish folk", "scottish", "celtic folk",
            "gaelic", "breton", "bagpipes", "celtic music", "irish trad", "scottish traditional",
        ]),
        GenreAliasGroup("Acoustic", [
            "acoustic guitar", "fingerstyle", "fingerstyle guitar", "american primitive",
            "american primitivism", "unplugged", "acoustic music", "solo guitar",
        ]),
    ]
}
