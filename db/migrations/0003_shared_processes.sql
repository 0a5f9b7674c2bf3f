-- 0003: what several bot processes must share besides the games: takeback votes and
-- reminders. (SQLite serves one process per file, but the store keeps both here anyway so a
-- restart forgets neither, and so both backends keep the same tables.)
--
-- A takeback request is open until closed (carried out, refused or stale); at most one is
-- open per game and version. Approvals are rows of their own, so two approvals arriving at
-- once are both kept. Closed requests stay (history), like everything else in this database.

CREATE TABLE undo_requests (
    id               INTEGER PRIMARY KEY,
    game_id          INTEGER NOT NULL REFERENCES games (id),
    version          INTEGER NOT NULL CHECK (version >= 0),
    requester_id     INTEGER NOT NULL,
    keep_through_seq INTEGER NOT NULL CHECK (keep_through_seq >= 0),
    created_at       TEXT    NOT NULL,
    closed_at        TEXT
) STRICT;

CREATE UNIQUE INDEX undo_requests_one_open
    ON undo_requests (game_id, version) WHERE closed_at IS NULL;

CREATE TABLE undo_approvals (
    request_id INTEGER NOT NULL REFERENCES undo_requests (id),
    user_id    INTEGER NOT NULL,
    created_at TEXT    NOT NULL,
    PRIMARY KEY (request_id, user_id)
) STRICT, WITHOUT ROWID;

-- One row per reminder sent: the primary key makes the claim succeed exactly once.
CREATE TABLE reminders (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    version    INTEGER NOT NULL CHECK (version >= 0),
    claimed_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, version)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER undo_requests_never_deleted BEFORE DELETE ON undo_requests
BEGIN
    SELECT RAISE(ABORT, 'takeback requests are never deleted (they are closed)');
END;

CREATE TRIGGER undo_requests_only_closed BEFORE UPDATE ON undo_requests
WHEN NEW.id IS NOT OLD.id
  OR NEW.game_id IS NOT OLD.game_id
  OR NEW.version IS NOT OLD.version
  OR NEW.requester_id IS NOT OLD.requester_id
  OR NEW.keep_through_seq IS NOT OLD.keep_through_seq
  OR NEW.created_at IS NOT OLD.created_at
  OR OLD.closed_at IS NOT NULL
BEGIN
    SELECT RAISE(ABORT, 'a takeback request can only be closed, once');
END;

CREATE TRIGGER undo_approvals_never_deleted BEFORE DELETE ON undo_approvals
BEGIN
    SELECT RAISE(ABORT, 'takeback approvals are never deleted');
END;

CREATE TRIGGER reminders_never_deleted BEFORE DELETE ON reminders
BEGIN
    SELECT RAISE(ABORT, 'reminders are never deleted');
END;
