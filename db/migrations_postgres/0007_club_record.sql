-- 0007: the club's record (issue 25; see the SQLite migration 0009): the archive of ended
-- games with their seats, and ratings per player, game kind and server.

ALTER TABLE games ADD COLUMN started_at timestamptz;

CREATE TABLE game_records (
    game_id      BIGINT      PRIMARY KEY REFERENCES games (id),
    guild_id     BIGINT,
    channel_id   BIGINT      NOT NULL,
    kind         TEXT        NOT NULL,
    outcome      TEXT        NOT NULL CHECK (outcome IN ('finished', 'abandoned')),
    options_json json        NOT NULL,
    scores_json  json,
    rated        BOOLEAN     NOT NULL,
    started_at   timestamptz NOT NULL,
    ended_at     timestamptz NOT NULL
);

CREATE INDEX game_records_by_guild ON game_records (guild_id, kind, ended_at);
CREATE INDEX game_records_by_channel ON game_records (channel_id, ended_at);

CREATE TABLE record_seats (
    game_id      BIGINT           NOT NULL REFERENCES game_records (game_id),
    seat         TEXT             NOT NULL,
    player       TEXT             NOT NULL,
    user_id      BIGINT,
    name         TEXT             NOT NULL,
    score        INTEGER,
    rank         INTEGER,
    winner       BOOLEAN          NOT NULL,
    mu_before    double precision,
    sigma_before double precision,
    mu_after     double precision,
    sigma_after  double precision,
    PRIMARY KEY (game_id, seat)
);

CREATE INDEX record_seats_by_user ON record_seats (user_id) WHERE user_id IS NOT NULL;

CREATE TABLE ratings (
    guild_id   BIGINT           NOT NULL,
    kind       TEXT             NOT NULL,
    player     TEXT             NOT NULL,
    user_id    BIGINT,
    name       TEXT             NOT NULL,
    mu         double precision NOT NULL,
    sigma      double precision NOT NULL CHECK (sigma > 0),
    games      INTEGER          NOT NULL CHECK (games >= 0),
    wins       INTEGER          NOT NULL CHECK (wins >= 0),
    updated_at timestamptz      NOT NULL,
    PRIMARY KEY (guild_id, kind, player)
);

CREATE TRIGGER game_records_never_deleted BEFORE DELETE OR UPDATE ON game_records
    FOR EACH ROW EXECUTE FUNCTION referee_refuse('the archive of ended games is append-only');
CREATE TRIGGER game_records_never_truncated BEFORE TRUNCATE ON game_records
    FOR EACH STATEMENT EXECUTE FUNCTION referee_refuse('the archive of ended games is append-only');
CREATE TRIGGER record_seats_never_deleted BEFORE DELETE OR UPDATE ON record_seats
    FOR EACH ROW EXECUTE FUNCTION referee_refuse('the archive of ended games is append-only');
CREATE TRIGGER record_seats_never_truncated BEFORE TRUNCATE ON record_seats
    FOR EACH STATEMENT EXECUTE FUNCTION referee_refuse('the archive of ended games is append-only');
CREATE TRIGGER ratings_never_deleted BEFORE DELETE ON ratings
    FOR EACH ROW EXECUTE FUNCTION referee_refuse('ratings are never deleted');
CREATE TRIGGER ratings_never_truncated BEFORE TRUNCATE ON ratings
    FOR EACH STATEMENT EXECUTE FUNCTION referee_refuse('ratings are never deleted');
