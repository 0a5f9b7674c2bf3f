-- 0001: games, the append-only action log, campaigns.
--
-- Conventions: ids from Discord (channels, guilds, users, interactions) are INTEGER
-- (snowflakes fit a signed 64-bit integer). Times are ISO 8601 text in UTC. JSON columns end
-- in _json and are checked with json_valid. Nothing is ever deleted: triggers refuse DELETE
-- on every table and refuse any change to a logged action except marking it undone.
--
-- Seats live as a JSON array in games.seats_json rather than in a table of their own: they
-- are always read with the game and always replaced as a whole (join, leave, replace) under
-- the same optimistic version check as the rest of the row, so one row update keeps them
-- consistent; a seat table would add a join on every read and a delete-and-reinsert on every
-- change. json_each(seats_json) still answers "which games is this user in" if ever needed.
--
-- The seed is TEXT (decimal): seeds are arbitrary Python ints (the Rng folds them to 64
-- bits) and a seed >= 2**63 would overflow SQLite's signed 64-bit INTEGER.

CREATE TABLE games (
    id           INTEGER PRIMARY KEY,
    channel_id   INTEGER NOT NULL,
    guild_id     INTEGER,
    kind         TEXT    NOT NULL,
    status       TEXT    NOT NULL
                 CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
    creator_id   INTEGER NOT NULL,
    options_json TEXT    NOT NULL CHECK (json_valid(options_json)),
    seed         TEXT    NOT NULL,
    seats_json   TEXT    NOT NULL CHECK (json_valid(seats_json)),
    state_json   TEXT             CHECK (state_json IS NULL OR json_valid(state_json)),
    version      INTEGER NOT NULL CHECK (version >= 0),
    created_at   TEXT    NOT NULL,
    updated_at   TEXT    NOT NULL
) STRICT;

-- One open (lobby or active) game per channel.
CREATE UNIQUE INDEX games_one_open_per_channel
    ON games (channel_id) WHERE status IN ('lobby', 'active');

CREATE INDEX games_by_status ON games (status);

CREATE TABLE actions (
    game_id        INTEGER NOT NULL REFERENCES games (id),
    seq            INTEGER NOT NULL CHECK (seq >= 1),
    seat           TEXT    NOT NULL,
    user_id        INTEGER,
    action_json    TEXT    NOT NULL CHECK (json_valid(action_json)),
    interaction_id INTEGER,
    reveals        INTEGER NOT NULL DEFAULT 0 CHECK (reveals IN (0, 1)),
    undone         INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1)),
    created_at     TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
) STRICT, WITHOUT ROWID;

-- A Discord interaction is recorded at most once per game (double presses, retries).
-- Actions without an interaction id (bot seats, timeouts) are not constrained.
CREATE UNIQUE INDEX actions_one_per_interaction
    ON actions (game_id, interaction_id) WHERE interaction_id IS NOT NULL;

CREATE TABLE campaigns (
    channel_id INTEGER NOT NULL,
    kind       TEXT    NOT NULL,
    data_json  TEXT    NOT NULL CHECK (json_valid(data_json)),
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (channel_id, kind)
) STRICT;

-- Append-only guards.
CREATE TRIGGER games_never_deleted BEFORE DELETE ON games
BEGIN
    SELECT RAISE(ABORT, 'games are never deleted (abandon is a status change)');
END;

CREATE TRIGGER actions_never_deleted BEFORE DELETE ON actions
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only');
END;

CREATE TRIGGER actions_only_marked_undone BEFORE UPDATE ON actions
WHEN NEW.game_id IS NOT OLD.game_id
  OR NEW.seq IS NOT OLD.seq
  OR NEW.seat IS NOT OLD.seat
  OR NEW.user_id IS NOT OLD.user_id
  OR NEW.action_json IS NOT OLD.action_json
  OR NEW.interaction_id IS NOT OLD.interaction_id
  OR NEW.reveals IS NOT OLD.reveals
  OR NEW.created_at IS NOT OLD.created_at
  OR (OLD.undone = 1 AND NEW.undone = 0)
BEGIN
    SELECT RAISE(ABORT, 'a logged action can only be marked undone');
END;

CREATE TRIGGER campaigns_never_deleted BEFORE DELETE ON campaigns
BEGIN
    SELECT RAISE(ABORT, 'campaigns are never deleted');
END;
