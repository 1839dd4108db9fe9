import XCTest
@testable import CrateLibrary

/// All 192 ID3v1 genres (0–79 from the ID3v1 spec, 80–191 the Winamp extensions), each with
/// the reading the taxonomy gives it on purpose. Genre 133 is listed under its current
/// name, Afro-Punk.
let id3v1Genres: [(name: String, superGenre: SuperGenre, sub: String?)] = [
    ("Blues", .blues, nil), ("Classic Rock", .rock, "Classic Rock"), ("Country", .country, nil),
    ("Dance", .electronicDance, nil), ("Disco", .electronicDance, "Disco"), ("Funk", .rnbSoul, "Funk"),
    ("Grunge", .rock, "Grunge"), ("Hip-Hop", .hipHopRap, nil), ("Jazz", .jazz, nil), ("Metal", .metal, nil),
    ("New Age", .classicalAmbient, "New Age"), ("Oldies", .pop, "Classic Pop"), ("Other", .other, nil),
    ("Pop", .pop, nil), ("R&B", .rnbSoul, nil), ("Rap", .hipHopRap, nil), ("Reggae", .reggaeCaribbean, nil),
    ("Rock", .rock, nil), ("Techno", .electronicDance, "Techno"), ("Industrial", .electronicDance, "Industrial"),
    ("Alternative", .rock, "Alternative"), ("Ska", .reggaeCaribbean, "Ska"), ("Death Metal", .metal, "Death Metal"),
    ("Pranks", .other, nil), ("Soundtrack", .classicalAmbient, "Soundtrack"),
    ("Euro-Techno", .electronicDance, "Techno"), ("Ambient", .classicalAmbient, "Ambient"),
    ("Trip-Hop", .electronicDance, "Trip-Hop"), ("Vocal", .pop, "Traditional Pop"), ("Jazz+Funk", .jazz, "Fusion"),
    ("Fusion", .jazz, "Fusion"), ("Trance", .electronicDance, "Trance"), ("Classical", .classicalAmbient, nil),
    ("Instrumental", .other, nil), ("Acid", .electronicDance, "House"), ("House", .electronicDance, "House"),
    ("Game", .classicalAmbient, "Soundtrack"), ("Sound Clip", .other, nil), ("Gospel", .rnbSoul, "Gospel"),
    ("Noise", .classicalAmbient, "Experimental"), ("AlternRock", .rock, "Alternative"),
    ("Bass", .breakbeatBass, "Bass Music"), ("Soul", .rnbSoul, "Classic Soul"), ("Punk", .rock, "Punk"),
    ("Space", .classicalAmbient, "Ambient"), ("Meditative", .classicalAmbient, "New Age"),
    ("Instrumental Pop", .pop, "Easy Listening"), ("Instrumental Rock", .rock, "Rock & Roll"),
    ("Ethnic", .worldGlobal, nil), ("Gothic", .rock, "Post-Punk"), ("Darkwave", .rock, "Post-Punk"),
    ("Techno-Industrial", .electronicDance, "Industrial"), ("Electronic", .electronicDance, nil),
    ("Pop-Folk", .folkAcoustic, "Contemporary Folk"), ("Eurodance", .electronicDance, "Eurodance"),
    ("Dream", .electronicDance, "Trance"), ("Southern Rock", .rock, "Classic Rock"), ("Comedy", .other, nil),
    ("Cult", .other, nil), ("Gangsta", .hipHopRap, "Gangsta Rap"), ("Top 40", .pop, nil),
    ("Christian Rap", .hipHopRap, nil), ("Pop/Funk", .rnbSoul, "Funk"), ("Jungle", .breakbeatBass, "Jungle"),
    ("Native American", .worldGlobal, "Indigenous"), ("Cabaret", .pop, "Show Tunes"),
    ("New Wave", .rock, "New Wave"), ("Psychadelic", .rock, "Psychedelic"), ("Rave", .electronicDance, nil),
    ("Showtunes", .pop, "Show Tunes"), ("Trailer", .classicalAmbient, "Soundtrack"), ("Lo-Fi", .rock, "Indie"),
    ("Tribal", .worldGlobal, nil), ("Acid Punk", .rock, "Punk"), ("Acid Jazz", .jazz, "Acid Jazz"),
    ("Polka", .folkAcoustic, "Traditional Folk"), ("Retro", .pop, "Classic Pop"), ("Musical", .pop, "Show Tunes"),
    ("Rock & Roll", .rock, "Rock & Roll"), ("Hard Rock", .rock, "Hard Rock"),
    // Winamp extensions
    ("Folk", .folkAcoustic, nil), ("Folk-Rock", .folkAcoustic, "Folk Rock"),
    ("National Folk", .folkAcoustic, "Traditional Folk"), ("Swing", .jazz, "Swing"), ("Fast Fusion", .jazz, "Fusion"),
    ("Bebob", .jazz, "Bebop"), ("Latin", .latinBrazilian, nil), ("Revival", .rock, nil), ("Celtic", .folkAcoustic, "Celtic"),
    ("Bluegrass", .country, "Bluegrass"), ("Avantgarde", .classicalAmbient, "Experimental"),
    ("Gothic Rock", .rock, "Post-Punk"), ("Progressive Rock", .rock, "Progressive Rock"),
    ("Psychedelic Rock", .rock, "Psychedelic"), ("Symphonic Rock", .rock, "Progressive Rock"), ("Slow Rock", .rock, nil),
    ("Big Band", .jazz, "Big Band"), ("Chorus", .classicalAmbient, "Choral"), ("Easy Listening", .pop, "Easy Listening"),
    ("Acoustic", .folkAcoustic, "Acoustic"), ("Humour", .other, nil), ("Speech", .other, nil), ("Chanson", .pop, "Chanson"),
    ("Opera", .classicalAmbient, "Opera"), ("Chamber Music", .classicalAmbient, "Chamber Music"),
    ("Sonata", .classicalAmbient, "Chamber Music"), ("Symphony", .classicalAmbient, "Orchestral"),
    ("Booty Bass", .hipHopRap, "Southern Hip-Hop"), ("Primus", .rock, "Alternative"), ("Porn Groove", .rnbSoul, "Funk"),
    ("Satire", .other, nil), ("Slow Jam", .rnbSoul, "Quiet Storm"), ("Club", .electronicDance, nil),
    ("Tango", .latinBrazilian, "Tango"), ("Samba", .latinBrazilian, "Samba"), ("Folklore", .folkAcoustic, "Traditional Folk"),
    ("Ballad", .pop, nil), ("Power Ballad", .rock, "Hard Rock"), ("Rhythmic Soul", .rnbSoul, "Contemporary R&B"),
    ("Freestyle", .pop, "Dance-Pop"), ("Duet", .other, nil), ("Punk Rock", .rock, "Punk"), ("Drum Solo", .other, nil),
    ("A capella", .classicalAmbient, "Choral"), ("Euro-House", .electronicDance, "House"),
    ("Dance Hall", .reggaeCaribbean, "Dancehall"), ("Goa", .electronicDance, "Psytrance"),
    ("Drum & Bass", .breakbeatBass, "Drum & Bass"), ("Club-House", .electronicDance, "House"), ("Hardcore", .rock, "Punk"),
    ("Terror", .electronicDance, "Hard Dance"), ("Indie", .rock, "Indie"), ("BritPop", .rock, "Indie"),
    ("Afro-Punk", .rock, "Punk"), ("Polsk Punk", .rock, "Punk"), ("Beat", .rock, "Rock & Roll"),
    ("Christian Gangsta Rap", .hipHopRap, "Gangsta Rap"), ("Heavy Metal", .metal, "Heavy Metal"),
    ("Black Metal", .metal, "Black Metal"), ("Crossover", .metal, "Thrash Metal"), ("Contemporary Christian", .pop, nil),
    ("Christian Rock", .rock, nil), ("Merengue", .latinBrazilian, "Merengue"), ("Salsa", .latinBrazilian, "Salsa"),
    ("Thrash Metal", .metal, "Thrash Metal"), ("Anime", .pop, "J-Pop"), ("JPop", .pop, "J-Pop"), ("Synthpop", .pop, "Synth-Pop"),
    // Winamp 5.6
    ("Abstract", .classicalAmbient, "Experimental"), ("Art Rock", .rock, "Progressive Rock"),
    ("Baroque", .classicalAmbient, "Baroque"), ("Bhangra", .worldGlobal, "Indian"), ("Big Beat", .breakbeatBass, "Big Beat"),
    ("Breakbeat", .breakbeatBass, "Breakbeat"), ("Chillout", .electronicDance, "Downtempo"),
    ("Downtempo", .electronicDance, "Downtempo"), ("Dub", .reggaeCaribbean, "Dub"), ("EBM", .electronicDance, "Industrial"),
    ("Eclectic", .other, nil), ("Electro", .electronicDance, "Electro"), ("Electroclash", .electronicDance, "Electro"),
    ("Emo", .rock, "Punk"), ("Experimental", .classicalAmbient, "Experimental"), ("Garage", .rock, "Garage"),
    ("Global", .worldGlobal, nil), ("IDM", .electronicDance, "IDM"), ("Illbient", .classicalAmbient, "Ambient"),
    ("Industro-Goth", .electronicDance, "Industrial"), ("Jam Band", .rock, "Psychedelic"), ("Krautrock", .rock, "Krautrock"),
    ("Leftfield", .electronicDance, nil), ("Lounge", .pop, "Easy Listening"), ("Math Rock", .rock, "Post-Rock"),
    ("New Romantic", .pop, "Synth-Pop"), ("Nu-Breakz", .breakbeatBass, "Breakbeat"), ("Post-Punk", .rock, "Post-Punk"),
    ("Post-Rock", .rock, "Post-Rock"), ("Psytrance", .electronicDance, "Psytrance"), ("Shoegaze", .rock, "Shoegaze"),
    ("Space Rock", .rock, "Psychedelic"), ("Trop Rock", .country, "Country Rock"), ("World Music", .worldGlobal, nil),
    ("Neoclassical", .classicalAmbient, "Modern Classical"), ("Audiobook", .other, nil), ("Audio Theatre", .other, nil),
    ("Neue Deutsche Welle", .rock, "New Wave"), ("Podcast", .other, nil), ("Indie Rock", .rock, "Indie"),
    ("G-Funk", .hipHopRap, "West Coast Hip-Hop"), ("Dubstep", .breakbeatBass, "Dubstep"), ("Garage Rock", .rock, "Garage"),
    ("Psybient", .classicalAmbient, "Ambient"),
]

extension TaxonomyTests {
    func testTheID3v1ListIsComplete() {
        XCTAssertEqual(id3v1Genres.count, 192)
        XCTAssertEqual(Set(id3v1Genres.map(\.name)).count, 192)
        XCTAssertEqual(id3v1Genres[17].name, "Rock")
        XCTAssertEqual(id3v1Genres[80].name, "Folk")
        XCTAssertEqual(id3v1Genres[126].name, "Goa")
        XCTAssertEqual(id3v1Genres[148].name, "Abstract")
        XCTAssertEqual(id3v1Genres[191].name, "Psybient")
    }

    func testEveryID3v1GenreMapsDeliberately() {
        for entry in id3v1Genres {
            assertGenre(entry.name, entry.superGenre, entry.sub)
        }
    }

    func testOnlyTheID3v1NamesThatAreNotMusicGenresMapToOther() {
        let other = Set(id3v1Genres.map(\.name).filter { GenreTaxonomy.classify($0).superGenre == .other })
        XCTAssertEqual(other, [
            "Other", "Pranks", "Instrumental", "Sound Clip", "Comedy", "Cult", "Humour", "Speech", "Satire",
            "Duet", "Drum Solo", "Eclectic", "Audiobook", "Audio Theatre", "Podcast",
        ])
    }

    func testID3v1NamesAsTheyAppearInTheWild() {
        assertGenre("(17)Rock", .rock, nil)  // only if the scanner did not resolve it: the words still count
        assertGenre("JAZZ+FUNK", .jazz, "Fusion")
        assertGenre("rock & roll", .rock, "Rock & Roll")
        assertGenre("A Cappella", .classicalAmbient, "Choral")
        assertGenre("Psychedelic", .rock, "Psychedelic")
        assertGenre("Bebop", .jazz, "Bebop")
        assertGenre("Synth-Pop", .pop, "Synth-Pop")
        assertGenre("J-Pop", .pop, "J-Pop")
        assertGenre("Brit Pop", .rock, "Indie")
    }
}
