-- 0004: each logged action carries the SHA-256 of the state it produced.
--
-- Loading a game compares its stored state with the hash of its last live action, so a
-- state that no longer matches its log (a hand edit, a bad restore) is caught before anyone
-- plays on it; python -m db check replays every log as well. NULL for rows logged before.

ALTER TABLE actions ADD COLUMN state_hash TEXT
    CHECK (state_hash IS NULL OR length(state_hash) = 64);
