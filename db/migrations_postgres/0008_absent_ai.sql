-- 0008: an AI for absent players, and AI takers of seat offers (issue 24 point 3; see the
-- SQLite migration 0010).

ALTER TABLE games ADD COLUMN absent_ai TEXT NOT NULL DEFAULT '';

ALTER TABLE actions ADD COLUMN stand_in TEXT;

ALTER TABLE seat_offers ADD COLUMN taker_level TEXT;

-- who played a logged action never changes, like the rest of the row
CREATE OR REPLACE FUNCTION actions_only_marked_undone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.game_id IS DISTINCT FROM OLD.game_id
       OR NEW.seq IS DISTINCT FROM OLD.seq
       OR NEW.seat IS DISTINCT FROM OLD.seat
       OR NEW.user_id IS DISTINCT FROM OLD.user_id
       OR NEW.action_json::text IS DISTINCT FROM OLD.action_json::text
       OR NEW.interaction_id IS DISTINCT FROM OLD.interaction_id
       OR NEW.reveals IS DISTINCT FROM OLD.reveals
       OR NEW.created_at IS DISTINCT FROM OLD.created_at
       OR NEW.stand_in IS DISTINCT FROM OLD.stand_in
       OR (OLD.undone AND NOT NEW.undone)
       OR (OLD.state_hash IS NOT NULL AND NEW.state_hash IS DISTINCT FROM OLD.state_hash)
       OR (OLD.chain_hash IS NOT NULL AND NEW.chain_hash IS DISTINCT FROM OLD.chain_hash) THEN
        RAISE EXCEPTION 'a logged action can only be marked undone'
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN NEW;
END
$$;
