-- 0005: the reminder loop's query for idle games (see the SQLite migration 0007).

CREATE INDEX games_active_by_idle ON games (updated_at) WHERE status = 'active';
