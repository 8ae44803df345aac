PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE survey_options (
  id INTEGER PRIMARY KEY,
  content TEXT NOT NULL CHECK (length(content) > 0),
  section TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
  label TEXT GENERATED ALWAYS AS (upper(section)) VIRTUAL
);
INSERT INTO survey_options VALUES(1,'做了好多事，另一半不知道','original','2026-09-18 10:00:00');
INSERT INTO survey_options VALUES(2,'今天吃什麼; -- 永遠 /* 臨時 */','original','2026-09-18 10:00:00');
INSERT INTO survey_options VALUES(3,'It''s "quoted"','community','2026-09-24 02:00:00');
CREATE TABLE votes (
  id INTEGER PRIMARY KEY,
  option_id INTEGER NOT NULL REFERENCES survey_options(id),
  session_id TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
);
INSERT INTO votes VALUES(1,1,'a2a7abff-4b02-402e-a907-b7c481838f22','2026-09-18 18:06:14');
INSERT INTO votes VALUES(2,2,'a2a7abff-4b02-402e-a907-b7c481838f22','2026-09-18T18:07:00.000Z');
INSERT INTO votes VALUES(3,2,'495a7570-3cf1-4600-af9b-f7edcaee97a9','2026-09-19 01:00:00');
INSERT INTO votes VALUES(9223372036854775807,3,'495a7570-3cf1-4600-af9b-f7edcaee97a9','2026-09-19 01:00:01');
CREATE TABLE suggestions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  session_id TEXT,
  content TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending',
  created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
);
INSERT INTO suggestions VALUES(1,'a2a7abff-4b02-402e-a907-b7c481838f22',replace('週末 | 平日\n哪個比較累？','\n',char(10)),'pending','2026-09-20 05:05:10');
INSERT INTO suggestions VALUES(2,NULL,replace(replace('windows\r\nline	tab','\r',char(13)),'\n',char(10)),'rejected','2026-09-20 05:06:00');
INSERT INTO suggestions VALUES(4,'🙂','=HYPERLINK("https://example.com")','pending','2026-09-21 00:00:00');
CREATE TABLE IF NOT EXISTS "odd ""quoted"" name" (k TEXT PRIMARY KEY, v BLOB, n REAL) WITHOUT ROWID;
INSERT INTO "odd ""quoted"" name" VALUES('a',X'00ff10',-1.5);
INSERT INTO "odd ""quoted"" name" VALUES('b',NULL,1.0000000000000000047e+300);
INSERT INTO "odd ""quoted"" name" VALUES('c',X'',0.10000000000000000555);
ANALYZE sqlite_schema;
INSERT INTO sqlite_stat1 VALUES('odd "quoted" name','odd "quoted" name','3 1');
INSERT INTO sqlite_stat1 VALUES('suggestions',NULL,'3');
INSERT INTO sqlite_stat1 VALUES('votes','votes_session','4 2 1');
INSERT INTO sqlite_stat1 VALUES('survey_options','options_content','3 1');
CREATE TABLE vote_counts (option_id INTEGER PRIMARY KEY, n INTEGER NOT NULL DEFAULT 0);
DELETE FROM sqlite_sequence;
INSERT INTO sqlite_sequence VALUES('suggestions',4);
CREATE INDEX votes_session ON votes (session_id, created_at);
CREATE UNIQUE INDEX options_content ON survey_options (lower(content));
CREATE TRIGGER votes_count AFTER INSERT ON votes BEGIN
  INSERT INTO vote_counts (option_id, n) VALUES (new.option_id, 1)
    ON CONFLICT (option_id) DO UPDATE SET n = n + 1;
END;
CREATE VIEW option_totals AS
  SELECT o.content, count(v.id) AS votes FROM survey_options o LEFT JOIN votes v ON v.option_id = o.id GROUP BY o.id;
COMMIT;
