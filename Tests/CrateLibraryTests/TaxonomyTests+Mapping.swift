import XCTest
@testable import CrateLibrary

/// Free-text tags: normalisation, the alias table, the keyword rules and their precedence,
/// several tags at once.
extension TaxonomyTests {
    func testNormalisationFoldsCaseDiacriticsAndPunctuation() {
        XCTAssertEqual(GenreText.key("Hip-Hop"), "hiphop")
        XCTAssertEqual(GenreText.key("  HIP   HOP "), "hiphop")
        XCTAssertEqual(GenreText.key("R'n'B"), "rb")
        XCTAssertEqual(GenreText.key("R&B"), "rb")
        XCTAssertEqual(GenreText.key("Drum+Bass"), "drumbass")
        XCTAssertEqual(GenreText.key("Électronique"), "electronique")
        XCTAssertEqual(GenreText.key("Forró"), "forro")
        XCTAssertEqual(GenreText.key("Fore\u{0301}t"), "foret")  // decomposed accent
        XCTAssertEqual(GenreText.key("Straße"), "strasse")
        XCTAssertEqual(GenreText.key("Œuvre Ørsted Łódź"), "oeuvreorstedlodz")
        XCTAssertEqual(GenreText.tokens("rock 'n' roll"), ["rock", "roll"])
        XCTAssertEqual(GenreText.tokens("Rock / Pop; 80's"), ["rock", "pop", "80", "s"])
        XCTAssertTrue(GenreText.isNoise("80s"))
        XCTAssertTrue(GenreText.isNoise("1970s"))
        XCTAssertTrue(GenreText.isNoise("music"))
        XCTAssertFalse(GenreText.isNoise("2"))
        XCTAssertFalse(GenreText.isNoise("c86"))
    }

    func testSpellingVariantsOfOneGenreAgree() {
        for tag in ["HIP HOP", "Hip-Hop", "hiphop", "Hip Hop", "hip_hop", "Hip.Hop", "HIP-HOP"] {
            assertGenre(tag, .hipHopRap, nil)
        }
        for tag in ["R&B", "RnB", "R'n'B", "R 'n' B", "r and b", "R & B", "rnb"] {
            assertGenre(tag, .rnbSoul, nil)
        }
        for tag in ["Rhythm and Blues", "Rhythm & Blues", "rhythm'n'blues", "RHYTHM N BLUES"] {
            assertGenre(tag, .rnbSoul, "Rhythm & Blues")
        }
        for tag in ["Drum & Bass", "drum'n'bass", "Drum and Bass", "DnB", "D&B", "drum n bass", "DrumNBass"] {
            assertGenre(tag, .breakbeatBass, "Drum & Bass")
        }
        for tag in ["Rock'n'Roll", "Rock & Roll", "rock and roll", "Rock n' Roll", "rocknroll"] {
            assertGenre(tag, .rock, "Rock & Roll")
        }
        for tag in ["Post-Punk", "post punk", "postpunk", "POST PUNK"] {
            assertGenre(tag, .rock, "Post-Punk")
        }
        assertGenre("Électronique", .electronicDance, nil)
        assertGenre("Electrónica", .electronicDance, nil)
        assertGenre("Musique Classique", .classicalAmbient, nil)
        assertGenre("Chanson Française", .pop, "Chanson")
        assertGenre("Música Popular Brasileira", .latinBrazilian, "MPB")
        assertGenre("Reggaetón", .latinBrazilian, "Reggaeton")
        assertGenre("Norteño", .latinBrazilian, "Regional Mexican")
        assertGenre("Raï", .worldGlobal, "Middle Eastern")
        assertGenre("Hörspiel", .other, nil)
    }

    func testRealWorldTags() {
        let expected: [(String, SuperGenre, String?)] = [
            ("indie rock", .rock, "Indie"), ("idm", .electronicDance, "IDM"), ("lo-fi", .rock, "Indie"),
            ("lofi hip hop", .hipHopRap, "Instrumental Hip-Hop"), ("neo soul", .rnbSoul, "Neo-Soul"),
            ("post-punk", .rock, "Post-Punk"), ("nu jazz", .jazz, "Acid Jazz"), ("k-pop", .pop, "K-Pop"),
            ("j-pop", .pop, "J-Pop"), ("afrobeat", .worldGlobal, "Afrobeat"), ("highlife", .worldGlobal, "African"),
            ("fado", .worldGlobal, "Fado"), ("flamenco", .worldGlobal, "Flamenco"), ("cumbia", .latinBrazilian, "Cumbia"),
            ("mpb", .latinBrazilian, "MPB"), ("reggaeton", .latinBrazilian, "Reggaeton"),
            ("synthwave", .electronicDance, "Synthwave"), ("vaporwave", .electronicDance, "Synthwave"),
            ("edm", .electronicDance, "EDM"), ("Bossa Nova", .latinBrazilian, "Bossa Nova"),
            ("Gangsta", .hipHopRap, "Gangsta Rap"), ("Symphony", .classicalAmbient, "Orchestral"),
            ("Spoken Word", .other, nil), ("Audiobook", .other, nil), ("Comedy", .other, nil),
            ("singer-songwriter", .folkAcoustic, "Singer-Songwriter"), ("shoegaze", .rock, "Shoegaze"),
            ("trip-hop", .electronicDance, "Trip-Hop"), ("Dancehall", .reggaeCaribbean, "Dancehall"),
            ("hardcore punk", .rock, "Punk"), ("post-hardcore", .rock, "Punk"), ("emo", .rock, "Punk"),
            ("grime", .breakbeatBass, "Grime"), ("uk garage", .breakbeatBass, "UK Garage"),
            ("2-step", .breakbeatBass, "UK Garage"), ("liquid funk", .breakbeatBass, "Drum & Bass"),
            ("doom metal", .metal, "Doom Metal"), ("sludge", .metal, "Doom Metal"), ("djent", .metal, "Progressive Metal"),
            ("deathcore", .metal, "Metalcore"), ("blackgaze", .metal, "Black Metal"),
            ("Pop/Rock", .rock, nil), ("Funk / Soul", .rnbSoul, nil), ("Stage & Screen", .classicalAmbient, "Soundtrack"),
            ("Folk, World, & Country", .folkAcoustic, nil), ("Original Score", .classicalAmbient, "Soundtrack"),
            ("Motown", .rnbSoul, "Motown"), ("Northern Soul", .rnbSoul, "Northern Soul"),
            ("boom bap", .hipHopRap, "Golden Age Hip-Hop"), ("trap", .hipHopRap, "Trap"),
            ("Americana", .country, "Americana"), ("alt-country", .country, "Alt-Country"),
            ("christmas", .other, nil), ("chillhop", .hipHopRap, "Instrumental Hip-Hop"),
        ]
        for (tag, superGenre, sub) in expected {
            assertGenre(tag, superGenre, sub)
        }
    }

    func testDocumentedPlacementDecisions() {
        assertGenre("Soundtrack", .classicalAmbient, "Soundtrack")
        assertGenre("Video Game Music", .classicalAmbient, "Soundtrack")
        assertGenre("Showtunes", .pop, "Show Tunes")
        assertGenre("Synth-pop", .pop, "Synth-Pop")
        assertGenre("Electropop", .pop, "Synth-Pop")
        assertGenre("Ambient", .classicalAmbient, "Ambient")
        assertGenre("Dark Ambient", .classicalAmbient, "Ambient")
        assertGenre("Ambient Techno", .electronicDance, "Techno")
        assertGenre("Ambient House", .electronicDance, "Downtempo")
        assertGenre("Disco", .electronicDance, "Disco")
        assertGenre("Dream Pop", .rock, "Shoegaze")
        assertGenre("Folk Rock", .folkAcoustic, "Folk Rock")
        assertGenre("Country Rock", .country, "Country Rock")
        assertGenre("Blues Rock", .blues, "Blues Rock")
        assertGenre("Ska Punk", .rock, "Punk")
        assertGenre("Latin Jazz", .jazz, "Latin Jazz")
        assertGenre("Desert Blues", .worldGlobal, "African")
        assertGenre("Religious", .pop, nil)
        assertGenre("Christian Metal", .metal, nil)
        assertGenre("Berlin-School", .rock, "Krautrock")
        assertGenre("Hardcore", .rock, "Punk")
        assertGenre("Garage", .rock, "Garage")
    }

    func testExceptionsBeatKeywordRules() {
        assertGenre("jazz rock", .jazz, "Fusion")
        assertGenre("Jazz-Rock", .jazz, "Fusion")
        assertGenre("pop punk", .rock, "Punk")
        assertGenre("Pop-Punk", .rock, "Punk")
        assertGenre("Trip Hop", .electronicDance, "Trip-Hop")
        assertGenre("happy hardcore", .electronicDance, "Hard Dance")
        assertGenre("breakcore", .breakbeatBass, "Breakbeat")
        assertGenre("slowcore", .rock, "Indie")
        assertGenre("horrorcore", .hipHopRap, nil)
        assertGenre("nerdcore", .hipHopRap, "Alternative Hip-Hop")
        assertGenre("techno pop", .pop, "Synth-Pop")
        assertGenre("electro house", .electronicDance, "EDM")
        assertGenre("hard house", .electronicDance, "Hard Dance")
        assertGenre("drill'n'bass", .electronicDance, "IDM")
        assertGenre("Afro-Cuban Jazz", .jazz, "Latin Jazz")
        assertGenre("Classical Crossover", .classicalAmbient, nil)
    }

    func testKeywordRulesFileTheLongTail() {
        assertGenre("Swedish Melodic Death Metal", .metal, "Death Metal")
        assertGenre("Norwegian black metal", .metal, "Black Metal")
        assertGenre("Blackened Speed Metal", .metal, "Thrash Metal")
        assertGenre("Atmospheric Sludge Metal", .metal, "Doom Metal")
        assertGenre("Progressive Deathmetal", .metal, "Death Metal")
        assertGenre("Finnish Metal", .metal, nil)
        assertGenre("sasscore", .metal, nil)
        assertGenre("Tropical House", .electronicDance, "House")
        assertGenre("Minimal Deep Tech House", .electronicDance, "House")
        assertGenre("Berlin Techno", .electronicDance, "Techno")
        assertGenre("Uplifting Vocal Trance", .electronicDance, "Trance")
        assertGenre("Polish Jazz", .jazz, nil)
        assertGenre("Christmas Jazz", .jazz, nil)
        assertGenre("Jazz Christmas", .jazz, nil)
        assertGenre("Japanese Noise Rock", .rock, "Alternative")
        assertGenre("Canadian Rock", .rock, nil)
        assertGenre("Dutch Pop", .pop, nil)
        assertGenre("Danish Indie Pop", .pop, "Indie Pop")
        assertGenre("glitch hop", .hipHopRap, nil)
        assertGenre("French Hip Hop", .hipHopRap, nil)
        assertGenre("Rap Français", .hipHopRap, nil)
        assertGenre("Deutschrap", .hipHopRap, nil)
        assertGenre("melodic dubstep", .breakbeatBass, "Dubstep")
        assertGenre("riddimstep", .breakbeatBass, nil)
        assertGenre("Old School Punk", .rock, "Punk")
        assertGenre("drum and bass uk", .breakbeatBass, "Drum & Bass")
        assertGenre("80s Synthpop", .pop, "Synth-Pop")
        assertGenre("70's Rock", .rock, nil)
        assertGenre("Rock Music", .rock, nil)
        assertGenre("Classic 60s Soul", .rnbSoul, "Classic Soul")
        assertGenre("Hip Hop Instrumental", .hipHopRap, nil)
        assertGenre("psychobilly", .rock, "Rock & Roll")
        assertGenre("hellbilly", .rock, "Rock & Roll")
        assertGenre("Progressive Bluegrass", .country, "Bluegrass")
    }

    func testGenericWordsOnlyCountAlone() {
        assertGenre("Bass", .breakbeatBass, "Bass Music")
        assertGenre("Jazz Bass", .jazz, nil)
        assertGenre("Crossover", .metal, "Thrash Metal")
        assertGenre("Vocal", .pop, "Traditional Pop")
        assertGenre("Jazz Vocal", .jazz, "Vocal Jazz")
        assertGenre("Irish Dance", .folkAcoustic, "Celtic")
    }

    func testUnknownTagsAreOther() {
        for tag in ["", "   ", "-", "Unknown", "qwertyuiop", "My Favourite Songs", "Instrumental", "2004", "Джаз"] {
            XCTAssertEqual(GenreTaxonomy.classify(tag), .other, tag)
        }
        XCTAssertEqual(GenreTaxonomy.classify(tags: []), .other)
        XCTAssertEqual(GenreTaxonomy.classify(tags: ["", "Unknown", "Comedy"]), .other)
    }

    func testSeveralTagsInOneField() {
        assertGenre("Rock; Pop", .rock, nil)
        assertGenre("Rock/Pop", .rock, nil)
        assertGenre("Pop, Post-Punk", .rock, "Post-Punk")
        assertGenre("Electronic | IDM", .electronicDance, "IDM")
        assertGenre("Comedy; Jazz", .jazz, nil)
        assertGenre("Hip-Hop/Rap", .hipHopRap, nil)  // a name with a slash is not a list
        assertGenre("Singer/Songwriter", .folkAcoustic, "Singer-Songwriter")
    }

    func testSeveralTagsPreferTheFirstSubGenreThenTheFirstSuperGenre() {
        func classify(_ tags: [String]) -> String { GenreTaxonomy.classify(tags: tags).displayName }
        XCTAssertEqual(classify(["Rock", "Shoegaze", "Dream Pop"]), "Rock › Shoegaze")
        XCTAssertEqual(classify(["Electronic", "Techno", "House"]), "Electronic/Dance › Techno")
        XCTAssertEqual(classify(["Pop", "Rock"]), "Pop")
        XCTAssertEqual(classify(["Unknown", "Rock", "Pop"]), "Rock")
        XCTAssertEqual(classify(["Audiobook", "jazz"]), "Jazz")
        XCTAssertEqual(classify(["Jazz", "Hip-Hop", "Jazz Rap"]), "Hip-Hop/Rap › Jazz Rap")
        XCTAssertEqual(classify(["Metal", "Folk Metal", "Celtic"]), "Metal › Folk Metal")
        XCTAssertEqual(classify(["Other", "Comedy"]), "Other")
    }
}
