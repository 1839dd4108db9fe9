/// user.sqlite: what the user did, which no scan can rebuild.
///
/// Albums are referenced by `album_key`, the scanner's stable text key, never by the cache's
/// integer id: the cache may be thrown away and rebuilt with new ids, likes must survive it.
/// Plain rowid tables (no WITHOUT ROWID): row-by-row recovery walks a damaged table by rowid.
enum UserSchema {
    static let file = "user.sqlite"

    static let migrations = SchemaMigrations(file: file, steps: [version1, version2])

    /// The tables recovery copies, in order.
    static let tables = ["album_state", "key_values"]

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
}
