/// The five positions of the Crate Dial, in knob order. Each position is a weight table
/// over the signals; the weights are percentages (integers summing to 100) so they read
/// directly as "share of the crate".
///
/// | position      | history | favorites | popular | new arrivals | wild card |
/// |---------------|--------:|----------:|--------:|-------------:|----------:|
/// | My Crate      |      40 |        35 |      10 |           10 |         5 |
/// | Curated       |      15 |        35 |      30 |           10 |        10 |
/// | Mixed Crate   |      20 |        20 |      20 |           20 |        20 |
/// | Deep Dig      |       5 |        15 |      10 |           30 |        40 |
/// | Mystery Crate |       5 |         5 |       5 |           15 |        70 |
///
/// Why these numbers: turning the knob clockwise moves from "what I already play"
/// (personal signals, history + favorites = 75) to "what I never play" (wild card = 70).
/// Curated trusts taste (favorites and their seed expansion) and the crowd (popular).
/// Deep Dig keeps a little of the familiar so it is not random, and leans on new and
/// forgotten albums. Every signal keeps at least 5 so no position is ever one-note, and a
/// signal that runs dry hands its share to the others anyway (see `CrateWall`).
public enum DialPosition: String, CaseIterable, Sendable, Codable {
    case myCrate = "my-crate"
    case curated
    case mixed
    case deepDig = "deep-dig"
    case mystery

    public var displayName: String {
        switch self {
        case .myCrate: "My Crate"
        case .curated: "Curated"
        case .mixed: "Mixed Crate"
        case .deepDig: "Deep Dig"
        case .mystery: "Mystery Crate"
        }
    }

    /// What the position leans on, in a line the dial screen shows under its name.
    public var summary: String {
        switch self {
        case .myCrate: "Your most played and liked"
        case .curated: "Liked albums and the popular"
        case .mixed: "A bit of everything"
        case .deepDig: "New arrivals and the unplayed"
        case .mystery: "Mostly albums never played"
        }
    }

    /// 1-based knob position, as `crate-admin dial 3` spells it.
    public var number: Int { (Self.allCases.firstIndex(of: self) ?? 0) + 1 }

    public var weights: [CrateSignal: Int] {
        switch self {
        case .myCrate: [.history: 40, .favorites: 35, .popular: 10, .newArrivals: 10, .wildCard: 5]
        case .curated: [.history: 15, .favorites: 35, .popular: 30, .newArrivals: 10, .wildCard: 10]
        case .mixed: [.history: 20, .favorites: 20, .popular: 20, .newArrivals: 20, .wildCard: 20]
        case .deepDig: [.history: 5, .favorites: 15, .popular: 10, .newArrivals: 30, .wildCard: 40]
        case .mystery: [.history: 5, .favorites: 5, .popular: 5, .newArrivals: 15, .wildCard: 70]
        }
    }

    /// A genre crate's table over its six signals (`CrateSignal.genre`), percentages too.
    ///
    /// | position      | history | seeds | trending | new in genre | sub-genres | wild card |
    /// |---------------|--------:|------:|---------:|-------------:|-----------:|----------:|
    /// | My Crate      |      35 |    30 |       10 |           10 |         10 |         5 |
    /// | Curated       |      10 |    30 |       30 |           10 |         10 |        10 |
    /// | Mixed Crate   |      15 |    15 |       20 |           15 |         20 |        15 |
    /// | Deep Dig      |       5 |    10 |        5 |           25 |         25 |        30 |
    /// | Mystery Crate |       5 |     5 |        5 |           10 |         15 |        60 |
    ///
    /// The same turn from familiar to unknown as the Wall's, with the genre's own
    /// character in the middle: Mixed leans on what the genre is playing (trending) and
    /// on its breadth (the sub-genre rotation); Deep Dig on its new and rarely heard
    /// corners.
    public var genreWeights: [CrateSignal: Int] {
        switch self {
        case .myCrate: [.history: 35, .seedExpansion: 30, .trending: 10, .newInGenre: 10, .subGenres: 10, .wildCard: 5]
        case .curated: [.history: 10, .seedExpansion: 30, .trending: 30, .newInGenre: 10, .subGenres: 10, .wildCard: 10]
        case .mixed: [.history: 15, .seedExpansion: 15, .trending: 20, .newInGenre: 15, .subGenres: 20, .wildCard: 15]
        case .deepDig: [.history: 5, .seedExpansion: 10, .trending: 5, .newInGenre: 25, .subGenres: 25, .wildCard: 30]
        case .mystery: [.history: 5, .seedExpansion: 5, .trending: 5, .newInGenre: 10, .subGenres: 15, .wildCard: 60]
        }
    }

    /// Accepts what a person types over SSH: the raw value, the display name in any case,
    /// with spaces, hyphens or underscores ("my crate", "My-Crate", "Mixed Crate",
    /// "deepdig"), or the knob number "1"…"5".
    public init?(name: String) {
        let trimmed = name.unicodeScalars.filter { !$0.properties.isWhitespace }
        if let n = Int(String(String.UnicodeScalarView(trimmed))), (1...Self.allCases.count).contains(n) {
            self = Self.allCases[n - 1]
            return
        }
        let wanted = Self.squash(name)
        guard !wanted.isEmpty,
              let found = Self.allCases.first(where: {
                  Self.squash($0.rawValue) == wanted || Self.squash($0.displayName) == wanted
              })
        else { return nil }
        self = found
    }

    /// Folded (case, diacritics) with every separator removed: "My-Crate" → "mycrate".
    private static func squash(_ text: String) -> String {
        String(SortKey.fold(text).unicodeScalars.filter { $0 != " " })
    }
}
