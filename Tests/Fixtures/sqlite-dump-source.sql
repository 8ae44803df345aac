-- The database behind sqlite-dump.sql. Recreate the fixture with:
--   rm -f /tmp/src.db && sqlite3 /tmp/src.db < sqlite-dump-source.sql && sqlite3 /tmp/src.db .dump > sqlite-dump.sql
-- The tests also run these two commands with the installed sqlite3, so the
-- dump format of that version is covered as well as this recorded one.
CREATE TABLE survey_options (
  id INTEGER PRIMARY KEY,
  content TEXT NOT NULL CHECK (length(content) > 0),
  section TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
  label TEXT GENERATED ALWAYS AS (upper(section)) VIRTUAL
);
CREATE TABLE votes (
  id INTEGER PRIMARY KEY,
  option_id INTEGER NOT NULL REFERENCES survey_options(id),
  session_id TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE TABLE suggestions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  session_id TEXT,
  content TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending',
  created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE TABLE old_name (k TEXT PRIMARY KEY, v BLOB, n REAL) WITHOUT ROWID;
ALTER TABLE old_name RENAME TO "odd ""quoted"" name";
INSERT INTO survey_options (id, content, section, created_at) VALUES
  (1, '做了好多事，另一半不知道', 'original', '2026-09-18 10:00:00'),
  (2, '今天吃什麼; -- 永遠 /* 臨時 */', 'original', '2026-09-18 10:00:00'),
  (3, 'It''s "quoted"', 'community', '2026-09-24 02:00:00');
INSERT INTO votes VALUES
  (1, 1, 'a2a7abff-4b02-402e-a907-b7c481838f22', '2026-09-18 18:06:14'),
  (2, 2, 'a2a7abff-4b02-402e-a907-b7c481838f22', '2026-09-18T18:07:00.000Z'),
  (3, 2, '495a7570-3cf1-4600-af9b-f7edcaee97a9', '2026-09-19 01:00:00'),
  (9223372036854775807, 3, '495a7570-3cf1-4600-af9b-f7edcaee97a9', '2026-09-19 01:00:01');
INSERT INTO suggestions (session_id, content, status, created_at) VALUES
  ('a2a7abff-4b02-402e-a907-b7c481838f22', '週末 | 平日' || char(10) || '哪個比較累？', 'pending', '2026-09-20 05:05:10'),
  (NULL, 'windows' || char(13) || char(10) || 'line' || char(9) || 'tab', 'rejected', '2026-09-20 05:06:00'),
  ('x', '', 'approved', '2026-09-20 05:07:00'),
  ('🙂', '=HYPERLINK("https://example.com")', 'pending', '2026-09-21 00:00:00');
DELETE FROM suggestions WHERE id = 3;
INSERT INTO "odd ""quoted"" name" VALUES ('a', X'00FF10', -1.5), ('b', NULL, 1e300), ('c', X'', 0.1);
CREATE INDEX votes_session ON votes (session_id, created_at);
CREATE UNIQUE INDEX options_content ON survey_options (lower(content));
ANALYZE;
CREATE TABLE vote_counts (option_id INTEGER PRIMARY KEY, n INTEGER NOT NULL DEFAULT 0);
CREATE TRIGGER votes_count AFTER INSERT ON votes BEGIN
  INSERT INTO vote_counts (option_id, n) VALUES (new.option_id, 1)
    ON CONFLICT (option_id) DO UPDATE SET n = n + 1;
END;
CREATE VIEW option_totals AS
  SELECT o.content, count(v.id) AS votes FROM survey_options o LEFT JOIN votes v ON v.option_id = o.id GROUP BY o.id;
