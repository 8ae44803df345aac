-- tally migration 0003: indexes the analysis reads through.
--
-- votes_session_time_option covers the whole per-session scan of the report
-- (first vote per session for exclusions, votes per session, stacking), so the
-- report reads the index alone and never sorts.
-- votes_option_session answers distinct voters per option.

CREATE INDEX IF NOT EXISTS votes_session_time_option ON votes (session_id, created_at, option_id);
CREATE INDEX IF NOT EXISTS votes_option_session ON votes (option_id, session_id);
CREATE INDEX IF NOT EXISTS votes_created_at ON votes (created_at);
CREATE INDEX IF NOT EXISTS suggestions_status ON suggestions (status, id);
CREATE INDEX IF NOT EXISTS suggestions_session ON suggestions (session_id);
CREATE INDEX IF NOT EXISTS moderation_log_suggestion ON moderation_log (suggestion_id, version);
