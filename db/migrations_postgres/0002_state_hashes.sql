-- 0002: each logged action carries the SHA-256 of the state it produced (see the SQLite
-- migration 0004). NULL for rows logged before.

ALTER TABLE actions ADD COLUMN state_hash text
    CHECK (state_hash IS NULL OR length(state_hash) = 64);
