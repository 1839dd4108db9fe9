import CrateSQLite

/// library.sqlite: everything a scan of the sources can rebuild.
///
/// - `files` mirrors FileRecord column for column (genres joined with U+001F, the unit
///   separator, which no tag contains; ReplayGain and artwork spread over plain columns).
///   Albums are linked by the text `album_key`, not by id, so the scanner can write files
///   before their album row exists and the album is derived afterwards.
/// - `albums` is derived from `files` by the store (see AlbumAggregation). AUTOINCREMENT so
///   a deleted album's id is never handed to another album: `crate-admin play --album ID`
///   and the user's saved references must not silently point somewhere else.
/// - `files.artist_key` is the sort key of the track artist (SortKey.make), derived on
///   write, so "albums with a track by X" is an index lookup, not a scan of every file.
/// - Genre columns use NOCASE so case-insensitive filters still use the indexes.
enum CacheSchema {
    static let file = "library.sqlite"

    static let migrations = SchemaMigrations(file: file, steps: [
        version1, version2, version3, version4, version5, version6, version7,
    ])

    static let version1 = """
        CREATE TABLE roots (
            path TEXT PRIMARY KEY,
            online INTEGER NOT NULL DEFAULT 1,
            checked_at REAL
        );
        CREATE TABLE files (
            id INTEGER PRIMARY KEY,
            path TEXT NOT NULL UNIQUE,
            root TEXT NOT NULL,
            size INTEGER NOT NULL,
            mtime_ns INTEGER NOT NULL,
            album_key TEXT NOT NULL,
            title TEXT NOT NULL,
            artist TEXT NOT NULL,
            album_artist TEXT,
            album_title TEXT NOT NULL,
            track_number INTEGER,
            track_total INTEGER,
            disc_number INTEGER,
            disc_total INTEGER,
            year INTEGER,
            date TEXT,
            genres TEXT NOT NULL,
            compilation INTEGER NOT NULL,
            musicbrainz_album_id TEXT,
            rg_track_gain REAL,
            rg_track_peak REAL,
            rg_album_gain REAL,
            rg_album_peak REAL,
            art_offset INTEGER,
            art_length INTEGER,
            art_mime TEXT,
            sample_rate INTEGER NOT NULL,
            channels INTEGER NOT NULL,
            duration_frames INTEGER NOT NULL,
            exact_duration INTEGER NOT NULL,
            super_genre TEXT NOT NULL,
            sub_genre TEXT,
            artist_sort TEXT NOT NULL,
            album_sort TEXT NOT NULL,
            artist_key TEXT NOT NULL
        );
        CREATE INDEX files_by_album ON files (album_key, path);
        CREATE INDEX files_by_root ON files (root);
        CREATE INDEX files_by_track_artist ON files (artist_key, album_key);

        CREATE TABLE albums (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            album_key TEXT NOT NULL UNIQUE,
            title TEXT NOT NULL,
            artist TEXT NOT NULL,
            artist_sort TEXT NOT NULL,
            title_sort TEXT NOT NULL,
            year INTEGER,
            super_genre TEXT NOT NULL COLLATE NOCASE,
            sub_genre TEXT COLLATE NOCASE,
            compilation INTEGER NOT NULL,
            track_count INTEGER NOT NULL,
            disc_count INTEGER NOT NULL,
            duration REAL NOT NULL,
            folder TEXT NOT NULL,
            root TEXT NOT NULL,
            online INTEGER NOT NULL DEFAULT 1,
            art_file_id INTEGER REFERENCES files (id) ON DELETE SET NULL,
            added_at REAL NOT NULL
        );
        CREATE INDEX albums_by_super_genre ON albums (super_genre, artist_sort, title_sort, id);
        CREATE INDEX albums_by_sub_genre ON albums (sub_genre, artist_sort, title_sort, id);
        CREATE INDEX albums_by_artist ON albums (artist_sort, title_sort, id);
        CREATE INDEX albums_by_root ON albums (root);
        -- Lets the foreign key's ON DELETE SET NULL find the album without a full scan.
        CREATE INDEX albums_by_art_file ON albums (art_file_id);

        CREATE TABLE scan_state (
            key TEXT PRIMARY KEY,
            value TEXT NOT NULL
        );
        CREATE TABLE scan_skipped (
            path TEXT PRIMARY KEY,
            root TEXT NOT NULL,
            reason TEXT NOT NULL
        );
        CREATE INDEX scan_skipped_by_root ON scan_skipped (root);
        """

    /// Plex: where each synced track's bytes are on its server (the files row holds the
    /// rest, so albums, genres and crates work as for local files), and the albums that
    /// cannot be played here (another codec), counted rather than dropped.
    static let version2 = """
        CREATE TABLE plex_tracks (
            path TEXT PRIMARY KEY,
            server TEXT NOT NULL,
            rating_key TEXT NOT NULL,
            album_rating_key TEXT NOT NULL,
            part_key TEXT NOT NULL,
            size INTEGER
        );
        CREATE INDEX plex_tracks_by_server ON plex_tracks (server);
        CREATE TABLE plex_unplayable (
            server TEXT NOT NULL,
            album_rating_key TEXT NOT NULL,
            title TEXT NOT NULL,
            artist TEXT NOT NULL,
            reason TEXT NOT NULL,
            PRIMARY KEY (server, album_rating_key)
        );
        """

    /// Plex write-backs waiting for the server: ratings, play states and scrobbles are sent
    /// best effort, and kept here while the server cannot be reached.
    static let version3 = """
        CREATE TABLE plex_writeback (
            id INTEGER PRIMARY KEY,
            server TEXT NOT NULL,
            method TEXT NOT NULL,
            path TEXT NOT NULL,
            query TEXT NOT NULL,
            created_at REAL NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0,
            last_error TEXT
        );
        """

    /// Every format: each file's codec and depth, and `shadowed` for a file another copy
    /// of the same album (a FLAC rip beside an old MP3 one) plays instead. Existing rows
    /// are MP3s, which the defaults describe.
    static let version4 = """
        ALTER TABLE files ADD COLUMN codec TEXT NOT NULL DEFAULT 'MP3';
        ALTER TABLE files ADD COLUMN bits_per_sample INTEGER NOT NULL DEFAULT 16;
        ALTER TABLE files ADD COLUMN lossless INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE files ADD COLUMN shadowed INTEGER NOT NULL DEFAULT 0;
        """

    /// What a Plex server knows of its owner's listening, per album, stored at each sync:
    /// play counts, last plays, ratings (0…10) and the day it was added. The crate signals
    /// read it beside user.sqlite, so a fresh box already knows its owner; it is the
    /// server's, never written to user.sqlite (a high rating is a like the box did not
    /// make, and is not sent back). Existing local albums take their files' age as the day
    /// they were added, not the day they were first scanned.
    static let version5 = """
        CREATE TABLE plex_album_stats (
            album_key TEXT PRIMARY KEY,
            server TEXT NOT NULL,
            view_count INTEGER NOT NULL DEFAULT 0,
            last_viewed_at REAL,
            user_rating REAL,
            added_at REAL
        );
        CREATE INDEX plex_album_stats_by_server ON plex_album_stats (server);
        UPDATE albums SET added_at = min(added_at, ifnull(
            (SELECT min(mtime_ns) / 1e9 FROM files WHERE files.album_key = albums.album_key AND mtime_ns >= 31536000000000000),
            added_at))
        WHERE root NOT LIKE 'plex://%';
        """

    /// Every genre an album's tags name besides its primary one (`albums.super_genre` and
    /// `sub_genre`, which the Wall's mix reads): a genre crate holds the album when any row
    /// here matches. Filled for the albums already known on the next start (the classifier
    /// is Swift, not SQL), which the marker asks for.
    static let version6 = """
        CREATE TABLE album_genres (
            album_key TEXT NOT NULL,
            super_genre TEXT NOT NULL COLLATE NOCASE,
            sub_genre TEXT NOT NULL COLLATE NOCASE DEFAULT '',
            PRIMARY KEY (album_key, super_genre, sub_genre)
        );
        CREATE INDEX album_genres_by_super_genre ON album_genres (super_genre);
        CREATE INDEX album_genres_by_sub_genre ON album_genres (sub_genre);
        INSERT INTO scan_state (key, value) VALUES ('\(AlbumGenres.backfillMarker)', '1')
            ON CONFLICT (key) DO NOTHING;
        """

    /// A file the scan kept in the library though something is wrong with it (a damaged
    /// tag, a stream cut short) is reported beside those it left out, not counted with them.
    static let version7 = """
        ALTER TABLE scan_skipped ADD COLUMN kept INTEGER NOT NULL DEFAULT 0;
        """
}
