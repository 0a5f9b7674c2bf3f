-- 0003: the component data sets games play on, stored once each (see the SQLite migration
-- 0005).

CREATE TABLE data_sets (
    hash       text PRIMARY KEY CHECK (length(hash) = 16),
    kind       text NOT NULL,
    files_json text NOT NULL,
    created_at timestamptz NOT NULL
);
