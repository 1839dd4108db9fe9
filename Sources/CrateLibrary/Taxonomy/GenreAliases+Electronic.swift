// Aliases for Electronic/Dance and Breakbeat/Bass. Most "... house", "... techno",
// "... trance" and "... step" tags need no entry: the keyword rules file them. Entries here
// are the names and the exceptions ("electro house" → EDM, "hard house" → Hard Dance).

extension GenreTaxonomy {
    static let electronicAliases: [GenreAliasGroup] = [
        GenreAliasGroup("Electronic/Dance", [
            "electronica", "electronique", "electrónica", "elektronisch", "elektronik", "musique electronique",
            "electronic music", "dance", "dance music", "club", "club music", "rave", "leftfield",
            "witch house", "chiptune", "chip music", "8 bit", "electronic dance", "electronic experimental",
            "electro swing", "dancefloor",
        ]),
        GenreAliasGroup("Disco", [
            "nu disco", "nudisco", "euro disco", "eurodisco", "italo disco", "italo", "space disco",
            "cosmic disco", "post disco", "hi nrg", "hinrg", "high energy", "disco music",
        ]),
        GenreAliasGroup("House", [
            "acid", "acid house", "chicago house", "club house", "euro house", "progressive house",
            "tech house", "french house", "filter house", "garage house", "funky house", "hip house",
            "ghetto house", "jackin house", "microhouse", "minimal house", "house music",
        ]),
        GenreAliasGroup("Deep House", [
            "soulful house", "lo fi house", "lofi house", "organic house", "jazzy house", "afro house",
        ]),
        GenreAliasGroup("Techno", [
            "euro techno", "detroit techno", "minimal techno", "minimal", "dub techno", "acid techno",
            "ambient techno", "industrial techno", "schranz", "hard techno", "techno music", "tekno",
        ]),
        GenreAliasGroup("Trance", [
            "dream", "dream trance", "dream house", "progressive trance", "uplifting trance",
            "vocal trance", "hard trance", "euro trance",
        ]),
        GenreAliasGroup("Psytrance", [
            "psy trance", "psychedelic trance", "goa", "goa trance", "full on", "dark psy", "psy",
            "progressive psytrance", "forest psytrance",
        ]),
        GenreAliasGroup("Electro", [
            "electroclash", "electro funk", "electrofunk", "detroit electro", "electro breaks",
            "electro boogie",
        ]),
        GenreAliasGroup("Eurodance", [
            "euro dance", "bubblegum dance", "euro", "italo dance", "eurobeat", "euro house dance",
        ]),
        GenreAliasGroup("Hard Dance", [
            "hardstyle", "gabber", "gabba", "happy hardcore", "uk hardcore", "hardcore techno",
            "terror", "terrorcore", "speedcore", "frenchcore", "hard house", "nightcore", "jumpstyle",
            "makina", "hardcore dance", "rawstyle",
        ]),
        GenreAliasGroup("EDM", [
            "electro house", "big room", "big room house", "complextro", "festival", "future house",
            "melbourne bounce", "electronic dance music", "progressive electro house", "edm trap",
        ]),
        GenreAliasGroup("Synthwave", [
            "synth wave", "retrowave", "outrun", "darksynth", "vaporwave", "dreamwave", "future funk",
            "chillsynth",
        ]),
        GenreAliasGroup("Industrial", [
            "ebm", "electronic body music", "electro industrial", "techno industrial", "industro goth",
            "aggrotech", "power electronics", "dark electro", "industrial dance", "new beat",
            "rhythmic noise", "industrial music",
        ]),
        GenreAliasGroup("IDM", [
            "intelligent dance music", "glitch", "braindance", "drill n bass", "drillnbass",
            "clicks and cuts", "microsound", "glitch electronica",
        ]),
        GenreAliasGroup("Downtempo", [
            "chillout", "chill out", "chill", "ambient house", "ambient dub", "balearic", "balearic beat",
            "psychill", "chill out music", "chillout lounge", "electronic lounge", "nu lounge",
        ]),
        GenreAliasGroup("Trip-Hop", ["triphop", "bristol sound", "trip hop"]),
    ]

    static let breakbeatAliases: [GenreAliasGroup] = [
        GenreAliasGroup("Breakbeat/Bass", ["bass and breaks", "uk bass music"]),
        GenreAliasGroup("Breakbeat", [
            "breaks", "nu breaks", "nu breakz", "nu skool breaks", "florida breaks", "progressive breaks",
            "breakcore", "acid breaks", "broken beat", "nu skool", "breakbeats",
        ]),
        GenreAliasGroup("Big Beat", ["bigbeat"]),
        GenreAliasGroup("Jungle", [
            "ragga jungle", "oldschool jungle", "breakbeat hardcore", "hardcore breakbeat", "darkcore",
            "hardcore jungle", "jungle techno",
        ]),
        GenreAliasGroup("Drum & Bass", [
            "drum n bass", "drumandbass", "drumnbass", "dnb", "d&b", "d n b", "liquid funk", "liquid",
            "liquid drum and bass", "liquid dnb", "neurofunk", "techstep", "jump up", "darkstep",
            "intelligent drum and bass", "drumstep", "halftime", "drum and bass music", "jungle dnb",
        ]),
        GenreAliasGroup("UK Garage", [
            "ukg", "2 step", "2step", "two step", "speed garage", "bassline", "bassline house",
            "garage uk", "4x4 garage",
        ]),
        GenreAliasGroup("Grime", ["eskibeat", "grime rap", "uk grime"]),
        GenreAliasGroup("Dubstep", ["brostep", "chillstep", "deep dubstep", "uk dubstep", "riddim dubstep"]),
        GenreAliasGroup("Bass Music", [
            "bass", "uk bass", "future bass", "post dubstep", "footwork", "juke", "footwork juke",
            "wonky", "future garage", "uk funky", "jersey club", "baltimore club", "moombahton",
            "bass house", "global bass",
        ]),
    ]
}
