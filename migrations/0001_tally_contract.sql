-- tally migration 0001: the tables the vote page writes (the schema contract).
--
-- IF NOT EXISTS: a database exported from a live vote page already has these
-- tables, maybe with extra columns; they are kept as they are.
-- Timestamps are D1's CURRENT_TIMESTAMP: UTC text 'YYYY-MM-DD HH:MM:SS'.
-- No BEGIN/COMMIT and no PRAGMA here: D1 rejects them in submitted SQL.

CREATE TABLE IF NOT EXISTS survey_options (
  id         INTEGER PRIMARY KEY,
  content    TEXT NOT NULL,
  section    TEXT NOT NULL,            -- 'original' or 'community'
  created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE IF NOT EXISTS votes (
  id         INTEGER PRIMARY KEY,
  option_id  INTEGER NOT NULL REFERENCES survey_options(id),
  session_id TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE IF NOT EXISTS suggestions (
  id         INTEGER PRIMARY KEY,
  session_id TEXT,
  content    TEXT NOT NULL,
  status     TEXT NOT NULL DEFAULT 'pending',  -- 'pending', 'approved' or 'rejected'
  created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
);
