-- 0007: the reminder loop asks only for the games that have waited long enough (active games
-- unchanged since a moment), instead of loading every open game every 15 minutes.

CREATE INDEX games_active_by_idle ON games (updated_at) WHERE status = 'active';
