-- 0004: the action log is a hash chain (see the SQLite migration 0006).

ALTER TABLE games ADD COLUMN initial_hash text
    CHECK (initial_hash IS NULL OR length(initial_hash) = 64);

ALTER TABLE actions ADD COLUMN chain_hash text
    CHECK (chain_hash IS NULL OR length(chain_hash) = 64);

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
       OR (OLD.undone AND NOT NEW.undone)
       OR (OLD.state_hash IS NOT NULL AND NEW.state_hash IS DISTINCT FROM OLD.state_hash)
       OR (OLD.chain_hash IS NOT NULL AND NEW.chain_hash IS DISTINCT FROM OLD.chain_hash) THEN
        RAISE EXCEPTION 'a logged action can only be marked undone'
            USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN NEW;
END
$$;
