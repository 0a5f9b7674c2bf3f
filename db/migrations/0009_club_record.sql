-- 0009: the club's record (issue 25). Every game that ends is archived with its seats and
-- result in the transaction that ends it (game_records, record_seats), and a finished game
-- updates each player's rating for its kind and server in that transaction (ratings;
-- openskill's Plackett-Luce, see db/club_record.py). games.started_at is when the lobby
-- became a game (NULL for games started before this migration).
--
-- A rated player is text: user:<discord id>, bot:<level> or automa:<seat>. guild_id 0 in
-- ratings holds games played outside a server. Archive rows are never changed or deleted; a
-- rating row changes with each game its player finishes and is never deleted.

ALTER TABLE games ADD COLUMN started_at TEXT;

CREATE TABLE game_records (
    game_id      INTEGER PRIMARY KEY REFERENCES games (id),
    guild_id     INTEGER,
    channel_id   INTEGER NOT NULL,
    kind         TEXT    NOT NULL,
    outcome      TEXT    NOT NULL CHECK (outcome IN ('finished', 'abandoned')),
    options_json TEXT    NOT NULL CHECK (json_valid(options_json)),
    scores_json  TEXT             CHECK (scores_json IS NULL OR json_valid(scores_json)),
    rated        INTEGER NOT NULL CHECK (rated IN (0, 1)),
    started_at   TEXT    NOT NULL,
    ended_at     TEXT    NOT NULL
) STRICT;

CREATE INDEX game_records_by_guild ON game_records (guild_id, kind, ended_at);
CREATE INDEX game_records_by_channel ON game_records (channel_id, ended_at);

CREATE TABLE record_seats (
    game_id      INTEGER NOT NULL REFERENCES game_records (game_id),
    seat         TEXT    NOT NULL,
    player       TEXT    NOT NULL,
    user_id      INTEGER,
    name         TEXT    NOT NULL,
    score        INTEGER,
    rank         INTEGER,
    winner       INTEGER NOT NULL CHECK (winner IN (0, 1)),
    mu_before    REAL,
    sigma_before REAL,
    mu_after     REAL,
    sigma_after  REAL,
    PRIMARY KEY (game_id, seat)
) STRICT, WITHOUT ROWID;

CREATE INDEX record_seats_by_user ON record_seats (user_id) WHERE user_id IS NOT NULL;

CREATE TABLE ratings (
    guild_id   INTEGER NOT NULL,
    kind       TEXT    NOT NULL,
    player     TEXT    NOT NULL,
    user_id    INTEGER,
    name       TEXT    NOT NULL,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL CHECK (sigma > 0),
    games      INTEGER NOT NULL CHECK (games >= 0),
    wins       INTEGER NOT NULL CHECK (wins >= 0),
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (guild_id, kind, player)
) STRICT;

CREATE TRIGGER game_records_never_deleted BEFORE DELETE ON game_records
BEGIN
    SELECT RAISE(ABORT, 'the archive of ended games is append-only');
END;

CREATE TRIGGER game_records_never_changed BEFORE UPDATE ON game_records
BEGIN
    SELECT RAISE(ABORT, 'the archive of ended games is append-only');
END;

CREATE TRIGGER record_seats_never_deleted BEFORE DELETE ON record_seats
BEGIN
    SELECT RAISE(ABORT, 'the archive of ended games is append-only');
END;

CREATE TRIGGER record_seats_never_changed BEFORE UPDATE ON record_seats
BEGIN
    SELECT RAISE(ABORT, 'the archive of ended games is append-only');
END;

CREATE TRIGGER ratings_never_deleted BEFORE DELETE ON ratings
BEGIN
    SELECT RAISE(ABORT, 'ratings are never deleted');
END;
