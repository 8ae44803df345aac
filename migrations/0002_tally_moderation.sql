-- tally migration 0002: what moderation needs.
--
-- Every added column has a default, so a vote page that only knows the
-- contract's columns can still insert suggestions.
-- A note's decision record lives on the row (who, when, why, version) and,
-- append-only, in moderation_log. `version` is bumped by every decision and is
-- what concurrent moderators compare and set; nothing is ever deleted.
-- A promoted note keeps status 'approved' (the vote page may list approved
-- notes) and points at its option through promoted_option_id.

ALTER TABLE suggestions ADD COLUMN reviewed_by TEXT DEFAULT NULL;
ALTER TABLE suggestions ADD COLUMN reviewed_at TEXT DEFAULT NULL;
ALTER TABLE suggestions ADD COLUMN review_reason TEXT DEFAULT NULL;
ALTER TABLE suggestions ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE suggestions ADD COLUMN promoted_option_id INTEGER DEFAULT NULL REFERENCES survey_options(id);

CREATE TABLE IF NOT EXISTS moderation_log (
  id            INTEGER PRIMARY KEY,
  suggestion_id INTEGER NOT NULL REFERENCES suggestions(id),
  action        TEXT NOT NULL,      -- approve, reject, reopen, promote
  from_status   TEXT NOT NULL,
  to_status     TEXT NOT NULL,
  moderator     TEXT NOT NULL,
  reason        TEXT DEFAULT NULL,
  created_at    TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
  version       INTEGER NOT NULL,   -- the note's version after this change
  option_id     INTEGER DEFAULT NULL REFERENCES survey_options(id),
  UNIQUE (suggestion_id, version)
);

-- The log is append-only: updates and deletes are refused by the database itself.
CREATE TRIGGER IF NOT EXISTS moderation_log_no_update
BEFORE UPDATE ON moderation_log
BEGIN
  SELECT RAISE(ABORT, 'moderation_log is append-only');
END;

CREATE TRIGGER IF NOT EXISTS moderation_log_no_delete
BEFORE DELETE ON moderation_log
BEGIN
  SELECT RAISE(ABORT, 'moderation_log is append-only');
END;
