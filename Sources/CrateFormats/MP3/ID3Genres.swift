/// Genres in ID3 tags: ID3v1's numbered list (with Winamp's extensions, 0–191) and the
/// ways ID3v2 refers to it: "(17)", "(17)Rock", "17", "(RX)", "(CR)".
public enum ID3Genres {
    /// The standard list, indexed by ID3v1 genre number.
    public static let names: [String] = [
        "Blues", "Classic Rock", "Country", "Dance", "Disco", "Funk", "Grunge", "Hip-Hop", "Jazz", "Metal",
        "New Age", "Oldies", "Other", "Pop", "R&B", "Rap", "Reggae", "Rock", "Techno", "Industrial",
        "Alternative", "Ska", "Death Metal", "Pranks", "Soundtrack", "Euro-Techno", "Ambient", "Trip-Hop",
        "Vocal", "Jazz+Funk", "Fusion", "Trance", "Classical", "Instrumental", "Acid", "House", "Game",
        "Sound Clip", "Gospel", "Noise", "Alternative Rock", "Bass", "Soul", "Punk", "Space", "Meditative",
        "Instrumental Pop", "Instrumental Rock", "Ethnic", "Gothic", "Darkwave", "Techno-Industrial",
        "Electronic", "Pop-Folk", "Eurodance", "Dream", "Southern Rock", "Comedy", "Cult", "Gangsta Rap",
        "Top 40", "Christian Rap", "Pop/Funk", "Jungle", "Native American", "Cabaret", "New Wave",
        "Psychedelic", "Rave", "Showtunes", "Trailer", "Lo-Fi", "Tribal", "Acid Punk", "Acid Jazz", "Polka",
        "Retro", "Musical", "Rock & Roll", "Hard Rock",
        // Winamp extensions.
        "Folk", "Folk-Rock", "National Folk", "Swing", "Fast Fusion", "Bebop", "Latin", "Revival", "Celtic",
        "Bluegrass", "Avantgarde", "Gothic Rock", "Progressive Rock", "Psychedelic Rock", "Symphonic Rock",
        "Slow Rock", "Big Band", "Chorus", "Easy Listening", "Acoustic", "Humour", "Speech", "Chanson",
        "Opera", "Chamber Music", "Sonata", "Symphony", "Booty Bass", "Primus", "Porn Groove", "Satire",
        "Slow Jam", "Club", "Tango", "Samba", "Folklore", "Ballad", "Power Ballad", "Rhythmic Soul",
        "Freestyle", "Duet", "Punk Rock", "Drum Solo", "A Cappella", "Euro-House", "Dance Hall", "Goa",
        "Drum & Bass", "Club-House", "Hardcore", "Terror", "Indie", "BritPop", "Afro-Punk", "Polsk Punk",
        "Beat", "Christian Gangsta Rap", "Heavy Metal", "Black Metal", "Crossover", "Contemporary Christian",
        "Christian Rock", "Merengue", "Salsa", "Thrash Metal", "Anime", "JPop", "Synthpop",
        "Abstract", "Art Rock", "Baroque", "Bhangra", "Big Beat", "Breakbeat", "Chillout", "Downtempo", "Dub",
        "EBM", "Eclectic", "Electro", "Electroclash", "Emo", "Experimental", "Garage", "Global", "IDM",
        "Illbient", "Industro-Goth", "Jam Band", "Krautrock", "Leftfield", "Lounge", "Math Rock",
        "New Romantic", "Nu-Breakz", "Post-Punk", "Post-Rock", "Psytrance", "Shoegaze", "Space Rock",
        "Trop Rock", "World Music", "Neoclassical", "Audiobook", "Audio Theatre", "Neue Deutsche Welle",
        "Podcast", "Indie Rock", "G-Funk", "Dubstep", "Garage Rock", "Psybient",
    ]

    /// The name of ID3v1 genre `number`; nil for 255 ("none") and unknown numbers.
    public static func name(_ number: Int) -> String? {
        number >= 0 && number < names.count ? names[number] : nil
    }

    /// Resolves the strings of a TCON frame (already split on NUL) into genre names:
    /// each also split on ";", references resolved, duplicates dropped.
    public static func resolve(_ values: [String]) -> [String] {
        var result: [String] = []
        var seen = Set<String>()
        for value in values {
            for part in value.split(separator: ";") {
                for genre in resolveOne(String(part)) where seen.insert(genre.lowercased()).inserted {
                    result.append(genre)
                }
            }
        }
        return result
    }

    /// "(17)" → Rock; "(17)(18)Techno-ish" → Rock, Techno, Techno-ish; "17" → Rock;
    /// "(RX)" → Remix, "(CR)" → Cover; "((text)" → "(text)" (an escaped parenthesis).
    static func resolveOne(_ raw: String) -> [String] {
        guard let trimmed = ID3Text.cleaned(raw) else { return [] }
        var result: [String] = []
        var rest = Substring(trimmed)
        while rest.hasPrefix("(") {
            if rest.hasPrefix("((") {
                rest = rest.dropFirst()
                break
            }
            guard let close = rest.firstIndex(of: ")") else { break }
            let inner = rest[rest.index(after: rest.startIndex)..<close]
            if let number = Int(inner) {
                if let name = name(number) { result.append(name) }
            } else if inner == "RX" {
                result.append("Remix")
            } else if inner == "CR" {
                result.append("Cover")
            } else {
                break  // "(Live) Rock": text that happens to start with a parenthesis.
            }
            rest = rest[rest.index(after: close)...]
        }
        if let text = ID3Text.cleaned(String(rest)) {
            if text.allSatisfy(\.isASCII), let number = Int(text) {
                if let name = name(number) { result.append(name) }
            } else {
                result.append(text)
            }
        }
        return result
    }
}
