-- 0005: the component data sets games play on, stored once each, named by their hash.
--
-- A game records the hash of the data set it started on (its state's data_hash). The bot
-- stores each set it runs a game on here (the exact bytes of the files, as a JSON list of
-- [file name, text]), so a release's data fix or a club's new override never changes the
-- data of a game already running: that game's engine is given its own set back.

CREATE TABLE data_sets (
    hash       TEXT PRIMARY KEY CHECK (length(hash) = 16),
    kind       TEXT NOT NULL,
    files_json TEXT NOT NULL,
    created_at TEXT NOT NULL
) STRICT;
