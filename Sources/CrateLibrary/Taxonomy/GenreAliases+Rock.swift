// Aliases for Rock and Metal. Sub-genre names are recognised without being listed here;
// spelling variants that normalise alike ("post punk", "Post-Punk", "postpunk") need one entry.

extension GenreTaxonomy {
    static let rockAliases: [GenreAliasGroup] = [
        GenreAliasGroup("Rock", [
            "rock", "rock music", "pop rock", "pop/rock", "christian rock", "slow rock", "revival",
            "j rock", "visual kei", "mainstream rock", "rock pop",
        ]),
        GenreAliasGroup("Rock & Roll", [
            "rock n roll", "rocknroll", "rock and roll", "rockabilly", "psychobilly", "surf", "surf rock",
            "surf music", "beat", "beat music", "merseybeat", "instrumental rock", "skiffle", "early rock",
            "50s rock and roll",
        ]),
        GenreAliasGroup("Classic Rock", [
            "classic rock", "southern rock", "soft rock", "aor", "album rock", "arena rock", "yacht rock",
            "british invasion", "heartland rock", "roots rock", "pub rock", "boogie rock", "glam rock",
            "glam", "glitter rock", "rock opera", "adult oriented rock",
        ]),
        GenreAliasGroup("Hard Rock", [
            "stoner rock", "stoner", "desert rock", "power ballad", "power ballads", "heavy rock",
            "proto metal", "sleaze rock",
        ]),
        GenreAliasGroup("Progressive Rock", [
            "prog rock", "prog", "progressive", "art rock", "symphonic rock", "canterbury scene",
            "canterbury", "zeuhl", "rock progressivo italiano", "neo prog", "avant prog",
            "rock in opposition",
        ]),
        GenreAliasGroup("Psychedelic", [
            "psychedelic rock", "psychedelia", "psychadelic", "psych", "psych rock", "acid rock",
            "space rock", "jam band", "jam", "jam rock", "neo psychedelia", "paisley underground",
            "stoner psych",
        ]),
        GenreAliasGroup("Krautrock", ["kraut rock", "kosmische", "kosmische musik", "kraut", "berlin school"]),
        GenreAliasGroup("Garage", [
            "garage rock", "garage punk", "garage rock revival", "frat rock", "garage psych",
        ]),
        GenreAliasGroup("Punk", [
            "punk rock", "hardcore", "hardcore punk", "pop punk", "skate punk", "ska punk", "street punk",
            "oi", "anarcho punk", "crust punk", "crust", "d beat", "post hardcore", "emo", "emocore",
            "screamo", "melodic hardcore", "midwest emo", "acid punk", "polsk punk", "afro punk",
            "folk punk", "celtic punk", "horror punk", "riot grrrl", "riot grrl", "proto punk",
            "punk n roll", "queercore", "straight edge", "uk82", "77 punk", "melodic punk", "egg punk",
            "gypsy punk", "youth crew",
        ]),
        GenreAliasGroup("Post-Punk", [
            "gothic rock", "goth rock", "gothic", "goth", "darkwave", "dark wave", "coldwave",
            "cold wave", "deathrock", "death rock", "no wave", "post punk revival", "minimal wave",
            "ethereal wave", "dance punk", "batcave",
        ]),
        GenreAliasGroup("New Wave", [
            "neue deutsche welle", "ndw", "new wave pop", "mod revival", "nu wave",
        ]),
        GenreAliasGroup("Alternative", [
            "alternative rock", "alternrock", "alt rock", "alt", "college rock", "noise rock",
            "primus", "funk rock", "rap rock", "post grunge", "experimental rock", "modern rock",
            "alternative pop rock", "alt indie",
        ]),
        GenreAliasGroup("Indie", [
            "indie rock", "britpop", "brit pop", "lo fi", "lofi", "slacker rock", "slowcore", "sadcore",
            "indie alternative", "alternative indie", "indie guitar", "landfill indie", "indie garage",
        ]),
        GenreAliasGroup("Grunge", ["seattle sound", "seattle grunge"]),
        GenreAliasGroup("Shoegaze", [
            "shoegazer", "shoegazing", "nu gaze", "nugaze", "dream pop", "dreampop", "shoegaze dream pop",
        ]),
        GenreAliasGroup("Post-Rock", ["post rock", "math rock", "mathrock", "instrumental post rock"]),
    ]

    static let metalAliases: [GenreAliasGroup] = [
        GenreAliasGroup("Metal", ["metal", "christian metal", "extreme metal", "metal music"]),
        GenreAliasGroup("Heavy Metal", [
            "nwobhm", "new wave of british heavy metal", "traditional heavy metal", "trad metal",
            "glam metal", "hair metal", "classic metal", "sleaze metal", "us metal", "epic heavy metal",
        ]),
        GenreAliasGroup("Thrash Metal", [
            "thrash", "speed metal", "crossover", "crossover thrash", "teutonic thrash", "groove metal",
            "bay area thrash",
        ]),
        GenreAliasGroup("Death Metal", [
            "melodic death metal", "melodeath", "technical death metal", "brutal death metal",
            "old school death metal", "swedish death metal", "slam death metal",
        ]),
        GenreAliasGroup("Black Metal", [
            "blackgaze", "atmospheric black metal", "depressive black metal", "dsbm", "war metal",
            "post black metal", "symphonic black metal", "raw black metal",
        ]),
        GenreAliasGroup("Doom Metal", [
            "doom", "stoner metal", "stoner doom", "sludge", "sludge metal", "drone metal", "funeral doom",
            "death doom", "post metal", "atmospheric sludge", "epic doom", "traditional doom", "drone doom",
        ]),
        GenreAliasGroup("Power Metal", ["epic metal", "melodic power metal", "speed power metal"]),
        GenreAliasGroup("Progressive Metal", [
            "prog metal", "djent", "technical metal", "avant garde metal", "avantgarde metal",
        ]),
        GenreAliasGroup("Symphonic Metal", ["opera metal", "operatic metal", "orchestral metal"]),
        GenreAliasGroup("Gothic Metal", ["goth metal", "dark metal", "gothic doom"]),
        GenreAliasGroup("Folk Metal", [
            "viking metal", "pagan metal", "celtic metal", "medieval metal", "pirate metal",
        ]),
        GenreAliasGroup("Industrial Metal", [
            "industrial rock", "cyber metal", "neue deutsche harte", "ndh", "industrial metal rock",
        ]),
        GenreAliasGroup("Alternative Metal", ["alt metal", "funk metal"]),
        GenreAliasGroup("Nu Metal", ["numetal", "rap metal", "rapcore"]),
        GenreAliasGroup("Metalcore", [
            "melodic metalcore", "deathcore", "mathcore", "christian metalcore", "easycore",
        ]),
        GenreAliasGroup("Grindcore", [
            "grind", "goregrind", "deathgrind", "powerviolence", "noisegrind", "cybergrind",
        ]),
    ]
}
