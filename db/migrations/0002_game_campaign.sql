-- 0002: the campaign state a game started from.
--
-- A campaign game's setup depends on the channel's campaign at the moment it started, so
-- replaying its log (undo, history, checks) needs exactly that input again. It is written
-- once, when the game starts, beside the seed; NULL for games without a campaign.

ALTER TABLE games ADD COLUMN campaign_json TEXT
    CHECK (campaign_json IS NULL OR json_valid(campaign_json));
