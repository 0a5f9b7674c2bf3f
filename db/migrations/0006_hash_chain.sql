-- 0006: the action log is a hash chain (issue 18 point 4).
--
-- games.initial_hash is the SHA-256 of the state a game started with (written when the
-- starting state is stored); actions.chain_hash covers the previous live row's chain hash
-- (the initial hash for the first row), the row's seq, seat, action and the hash of the
-- state it produced (db.store.chain_link). Loading a game checks the head of its chain;
-- python -m db check walks every chain. Rows written before this migration get their chain
-- computed from what is stored when the store next opens (db.rows.seal_chain).
--
-- A row's state_hash and chain_hash, once written, never change (the trigger below).

ALTER TABLE games ADD COLUMN initial_hash TEXT
    CHECK (initial_hash IS NULL OR length(initial_hash) = 64);

ALTER TABLE actions ADD COLUMN chain_hash TEXT
    CHECK (chain_hash IS NULL OR length(chain_hash) = 64);

DROP TRIGGER actions_only_marked_undone;

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
  OR (OLD.state_hash IS NOT NULL AND NEW.state_hash IS NOT OLD.state_hash)
  OR (OLD.chain_hash IS NOT NULL AND NEW.chain_hash IS NOT OLD.chain_hash)
BEGIN
    SELECT RAISE(ABORT, 'a logged action can only be marked undone');
END;
