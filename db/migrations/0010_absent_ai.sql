-- 0010: an AI for absent players, and AI takers of seat offers (issue 24 point 3).
--
-- games.absent_ai: the AI level that plays for a player whose decision has waited past the
-- time limit ('' : nobody plays for an absent player). Which seats an AI plays for now lives
-- in seats_json (a seat's "stand_in" level), with the seats it belongs to.
-- actions.stand_in: the AI level that played this logged action for its absent player (NULL:
-- the seat's own player, its bot, or the game's default answer); the end of the game says
-- how many moves an AI played for whom.
-- seat_offers.taker_level: an offer of a seat to an AI of this level instead of a person
-- (taker_id 0; NULL: the taker is the person taker_id).

ALTER TABLE games ADD COLUMN absent_ai TEXT NOT NULL DEFAULT '';

ALTER TABLE actions ADD COLUMN stand_in TEXT;

ALTER TABLE seat_offers ADD COLUMN taker_level TEXT;

-- who played a logged action never changes, like the rest of the row
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
  OR NEW.stand_in IS NOT OLD.stand_in
  OR (OLD.undone = 1 AND NEW.undone = 0)
  OR (OLD.state_hash IS NOT NULL AND NEW.state_hash IS NOT OLD.state_hash)
  OR (OLD.chain_hash IS NOT NULL AND NEW.chain_hash IS NOT OLD.chain_hash)
BEGIN
    SELECT RAISE(ABORT, 'a logged action can only be marked undone');
END;
