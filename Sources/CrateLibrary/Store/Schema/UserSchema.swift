import CrateSQLite

/// user.sqlite: what the user did, which no scan can rebuild.
///
/// Albums are referenced by `album_key`, the scanner's stable text key, never by the cache's
/// integer id: the cache may be thrown away and rebuilt with new ids, likes must survive it.
/// Plain rowid tables (no WITHOUT ROWID): row-by-row recovery walks a damaged table by rowid.
enum UserSchema {
    static let file = "user.sqlite"

    static let migrations = SchemaMigrations(file: file, steps: [version1, version2, version3])

    /// The tables recovery copies, in order.
    static let tables = ["album_state", "key_values"]

    /// What a row must be for salvage to keep it (an SQL condition on the damaged file's
    /// row): a damaged page can still read as rows of garbage, such as a like for an album
    /// key of NUL bytes. Keys are text of the scanner's or Plex's kinds (`mb:`, `tag:`,
    /// `dir:`, `plex:`), flags 0 or 1.
    static let validRows = [
        "album_state": """
            typeof(album_key) = 'text' AND instr(CAST(album_key AS BLOB), x'00') = 0
            AND album_key GLOB '[a-z]*:?*' AND liked IN (0, 1) AND disliked IN (0, 1)
            AND typeof(play_count) = 'integer' AND play_count >= 0
            AND typeof(completed_plays) = 'integer' AND completed_plays >= 0
            """,
        "key_values": """
            typeof(key) = 'text' AND length(key) > 0 AND instr(CAST(key AS BLOB), x'00') = 0
            AND typeof(value) = 'text' AND instr(CAST(value AS BLOB), x'00') = 0
            """,
    ]

    static let version1 = """
        CREATE TABLE album_state (
            album_key TEXT NOT NULL UNIQUE,
            liked INTEGER NOT NULL DEFAULT 0,
            disliked INTEGER NOT NULL DEFAULT 0,
            play_count INTEGER NOT NULL DEFAULT 0,
            completed_plays INTEGER NOT NULL DEFAULT 0,
            last_played REAL,
            -- Likes and dislikes are mutually exclusive (DESIGN.md).
            CHECK (NOT (liked AND disliked))
        );
        CREATE TABLE key_values (
            key TEXT NOT NULL UNIQUE,
            value TEXT NOT NULL
        );
        """

    /// When an album was liked, for the Favorites crate (most recently liked first).
    /// Likes from before this column have none and sort after every dated one.
    static let version2 = """
        ALTER TABLE album_state ADD COLUMN liked_at REAL;
        """

    /// A like the box took back from an album its Plex server rates 4 or 5 stars: the
    /// server's rating is a like everywhere unless this says the listener said otherwise.
    static let version3 = """
        ALTER TABLE album_state ADD COLUMN unliked INTEGER NOT NULL DEFAULT 0;
        """
}
