// Aliases for Reggae/Caribbean, Latin/Brazilian and World/Global. The line between them:
// Spanish- and Portuguese-speaking Latin America (Cuba and the Dominican Republic included)
// is Latin/Brazilian; Jamaica, Trinidad and the French Antilles are Reggae/Caribbean;
// Spain and Portugal (flamenco, fado) are World/Global, like everything else outside the
// Americas and the Anglo-American mainstream.

extension GenreTaxonomy {
    static let reggaeAliases: [GenreAliasGroup] = [
        GenreAliasGroup("Reggae/Caribbean", [
            "reggae", "caribbean", "reggae fusion", "reggae pop", "jamaican", "junkanoo", "reggae music",
            "west indian", "caribbean music",
        ]),
        GenreAliasGroup("Mento", ["jamaican folk"]),
        GenreAliasGroup("Ska", ["2 tone", "two tone", "2tone", "ska revival", "third wave ska", "bluebeat"]),
        GenreAliasGroup("Rocksteady", ["rock steady", "early reggae", "skinhead reggae"]),
        GenreAliasGroup("Roots Reggae", [
            "roots reggae music", "conscious reggae", "nyabinghi", "rasta", "rastafarian", "reggae roots",
        ]),
        GenreAliasGroup("Dub", ["dub reggae", "roots dub", "dub poetry", "dubwise", "steppers"]),
        GenreAliasGroup("Lovers Rock", ["lovers", "lovers reggae"]),
        GenreAliasGroup("Dancehall", [
            "dance hall", "ragga", "raggamuffin", "bashment", "digital dancehall", "dancehall reggae",
        ]),
        GenreAliasGroup("Calypso", ["kaiso", "steel band", "steelpan", "steel pan", "steel drum", "steel drums"]),
        GenreAliasGroup("Soca", ["chutney", "chutney soca", "power soca", "groovy soca"]),
        GenreAliasGroup("Zouk", [
            "kompa", "compas", "konpa", "cadence", "kadans", "biguine", "gwo ka", "gwoka", "kizomba",
            "bouyon", "zouk love",
        ]),
    ]

    static let latinAliases: [GenreAliasGroup] = [
        GenreAliasGroup("Latin/Brazilian", [
            "latino", "latin american", "latin rock", "rock en espanol", "rock latino", "musica latina",
            "latin music", "tropical", "musica tropical", "sertanejo", "brega", "andean", "andean music",
            "latin alternative", "brazil", "musica brasileira", "latin soul",
        ]),
        GenreAliasGroup("Salsa", ["salsa dura", "salsa romantica", "boogaloo", "latin boogaloo", "salsa music"]),
        GenreAliasGroup("Cuban", [
            "son", "son cubano", "son montuno", "mambo", "cha cha cha", "chachacha", "cha cha", "rumba",
            "guaracha", "danzon", "bolero", "timba", "afro cuban", "trova", "nueva trova", "guajira",
            "changui", "descarga", "pachanga", "charanga", "cuban music", "guaguanco",
        ]),
        GenreAliasGroup("Merengue", ["merengue tipico", "perico ripiao"]),
        GenreAliasGroup("Bachata", ["bachata romantica"]),
        GenreAliasGroup("Cumbia", [
            "cumbia villera", "chicha", "vallenato", "champeta", "porro", "cumbia sonidera", "nu cumbia",
            "digital cumbia",
        ]),
        GenreAliasGroup("Tango", ["nuevo tango", "tango nuevo", "tango electronico", "milonga", "argentine tango"]),
        GenreAliasGroup("Regional Mexican", [
            "mariachi", "ranchera", "norteno", "banda", "corrido", "corridos", "corridos tumbados",
            "tejano", "tex mex", "conjunto", "grupero", "duranguense", "son jarocho", "huapango",
            "musica mexicana", "mexican", "musica regional mexicana",
        ]),
        GenreAliasGroup("Reggaeton", [
            "regueton", "latin trap", "dembow", "perreo", "urbano latino", "latin urban", "reggaeton music",
        ]),
        GenreAliasGroup("Latin Pop", ["pop latino", "latin ballad", "balada", "balada romantica", "latin pop rock"]),
        GenreAliasGroup("Bossa Nova", ["bossanova", "bossa"]),
        GenreAliasGroup("Samba", [
            "pagode", "samba enredo", "samba rock", "choro", "chorinho", "axe", "partido alto",
            "samba de roda", "batucada",
        ]),
        GenreAliasGroup("MPB", [
            "musica popular brasileira", "tropicalia", "tropicalismo", "brazilian pop", "clube da esquina",
            "jovem guarda", "brazilian music",
        ]),
        GenreAliasGroup("Forró", ["baiao", "xote", "xaxado", "piseiro"]),
        GenreAliasGroup("Baile Funk", [
            "funk carioca", "funk brasileiro", "brazilian funk", "favela funk", "funk ostentacao", "funk mtg",
        ]),
    ]

    static let worldAliases: [GenreAliasGroup] = [
        GenreAliasGroup("World/Global", [
            "world", "world music", "worldbeat", "world beat", "world fusion", "ethnic", "global",
            "tribal", "international", "ethno", "ethnic fusion", "greek", "rebetiko", "laiko",
            "musique du monde", "weltmusik", "entekhno", "musiques du monde", "fourth world", "ethnic music",
        ]),
        GenreAliasGroup("Afrobeat", ["afro beat", "afro funk", "afrofunk", "afro jazz", "afro rock"]),
        GenreAliasGroup("African", [
            "africa", "afropop", "afro pop", "afrobeats", "highlife", "juju", "soukous",
            "rumba congolaise", "congolese rumba", "ndombolo", "mbalax", "desert blues", "tuareg",
            "assouf", "wassoulou", "griot", "kora", "mbaqanga", "kwaito", "amapiano", "gqom", "township",
            "isicathamiya", "ethio jazz", "ethiopian", "ethiopiques", "taarab", "benga", "chimurenga",
            "marrabenta", "coupe decale", "zouglou", "gnawa", "cape verde", "morna", "coladeira",
            "semba", "kuduro", "bongo flava", "african music", "west african",
        ]),
        GenreAliasGroup("Middle Eastern", [
            "middle east", "arabic", "arab", "arabic pop", "rai", "maqam", "turkish", "turkish folk",
            "arabesk", "anatolian rock", "persian", "iranian", "israeli", "mizrahi", "sufi", "khaleeji",
            "dabke", "chaabi", "andalusian", "oud", "belly dance", "shaabi", "north african",
            "arabic music", "turkish pop", "tarab",
        ]),
        GenreAliasGroup("Indian", [
            "indian classical", "hindustani", "hindustani classical", "carnatic", "raga", "bollywood",
            "filmi", "bhangra", "qawwali", "ghazal", "bhajan", "kirtan", "desi", "punjabi", "tollywood",
            "sitar", "tabla", "pakistani", "asian underground", "indian music",
        ]),
        GenreAliasGroup("Asian", [
            "east asian", "chinese traditional", "chinese classical", "japanese traditional", "hogaku",
            "gagaku", "enka", "minyo", "korean traditional", "pansori", "trot", "gamelan", "indonesian",
            "dangdut", "kroncong", "thai", "luk thung", "molam", "mor lam", "vietnamese", "tuvan",
            "throat singing", "mongolian", "khoomei", "guqin", "erhu", "shakuhachi", "koto",
            "southeast asian", "asian music", "traditional chinese", "traditional japanese",
        ]),
        GenreAliasGroup("Eastern European", [
            "balkan", "balkan brass", "klezmer", "gypsy", "romani", "manele", "chalga", "turbo folk",
            "turbofolk", "sevdah", "russian folk", "csardas", "balkan beat", "gypsy music", "balkan folk",
            "slavic folk", "ukrainian folk",
        ]),
        GenreAliasGroup("Fado", ["fado portugues", "portuguese fado", "fado music"]),
        GenreAliasGroup("Flamenco", [
            "nuevo flamenco", "flamenco nuevo", "rumba flamenca", "sevillanas", "cante jondo",
            "flamenco guitar", "spanish guitar", "rumba catalana", "copla", "flamenco pop",
        ]),
        GenreAliasGroup("Pacific", [
            "hawaiian", "hawaii", "slack key", "slack key guitar", "polynesian", "tahitian",
            "maori", "island music", "hawaiian music",
        ]),
        GenreAliasGroup("Indigenous", [
            "native american", "first nations", "aboriginal", "didgeridoo", "powwow", "pow wow",
            "joik", "yoik", "sami", "inuit", "native american music",
        ]),
    ]
}
