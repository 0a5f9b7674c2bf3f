-- 0008: what one process used to keep in memory, and several processes (or a restart) must
-- share (issue 18 point 8): seat offers with the consents given so far, and per game and
-- player the DM the next own step edits and whether the channel was told the player's DMs
-- are closed.
--
-- A seat offer is open until both consents met: the taker's Take and the holder's Give (or a
-- moderator's, for a holder who left the server). The statement that records the second
-- consent also closes the offer, so exactly one press, on whichever process, moves the seat.
-- At most one offer is open per game, holder and taker; closed offers stay (history).

CREATE TABLE seat_offers (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (id),
    holder_id  INTEGER NOT NULL,
    taker_id   INTEGER NOT NULL,
    taker_name TEXT,
    taken_at   TEXT,
    given_at   TEXT,
    given_by   INTEGER,
    created_at TEXT    NOT NULL,
    closed_at  TEXT,
    CHECK (closed_at IS NULL OR (taken_at IS NOT NULL AND given_at IS NOT NULL))
) STRICT;

CREATE UNIQUE INDEX seat_offers_one_open
    ON seat_offers (game_id, holder_id, taker_id) WHERE closed_at IS NULL;

CREATE TRIGGER seat_offers_never_deleted BEFORE DELETE ON seat_offers
BEGIN
    SELECT RAISE(ABORT, 'seat offers are never deleted (they are closed)');
END;

CREATE TRIGGER seat_offers_stay_closed BEFORE UPDATE ON seat_offers
WHEN OLD.closed_at IS NOT NULL
BEGIN
    SELECT RAISE(ABORT, 'a closed seat offer never changes');
END;

-- dm_channel_id and dm_message_id: the DM of the player's latest own step (NULL: none to
-- edit); closed_told_at: when the channel was told the player's DMs are closed (once a game).
CREATE TABLE player_dms (
    game_id        INTEGER NOT NULL REFERENCES games (id),
    user_id        INTEGER NOT NULL,
    dm_channel_id  INTEGER,
    dm_message_id  INTEGER,
    closed_told_at TEXT,
    PRIMARY KEY (game_id, user_id),
    CHECK ((dm_channel_id IS NULL) = (dm_message_id IS NULL))
) STRICT, WITHOUT ROWID;
