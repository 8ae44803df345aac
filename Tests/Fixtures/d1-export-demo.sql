PRAGMA defer_foreign_keys=TRUE;
CREATE TABLE d1_migrations(
		id         INTEGER PRIMARY KEY AUTOINCREMENT,
		name       TEXT UNIQUE,
		applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);
INSERT INTO "d1_migrations" ("id","name","applied_at") VALUES(1,'0001_init.sql','2026-09-17 09:00:00');
INSERT INTO "d1_migrations" ("id","name","applied_at") VALUES(2,'0002_notes.sql','2026-09-17 09:00:01');
CREATE TABLE survey_options (
  id INTEGER PRIMARY KEY,
  content TEXT NOT NULL,
  section TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
  emoji TEXT
);
INSERT INTO "survey_options" ("id","content","section","created_at","emoji") VALUES(1,'做了好多事，另一半不知道','original','2026-09-18 10:00:00','🍚');
INSERT INTO "survey_options" ("id","content","section","created_at","emoji") VALUES(2,'今天吃什麼，永遠臨時才有人想','original','2026-09-18 10:00:00',NULL);
INSERT INTO "survey_options" ("id","content","section","created_at","emoji") VALUES(3,'家事分工，說好的永遠做不到','original','2026-09-18 10:00:00','🧹');
INSERT INTO "survey_options" ("id","content","section","created_at","emoji") VALUES(4,'孩子的功課，誰來陪？','original','2026-09-18 10:00:00','📚');
INSERT INTO "survey_options" ("id","content","section","created_at","emoji") VALUES(5,'週末行程，一個想出門一個想躺','original','2026-09-18 10:00:00','🛋️');
INSERT INTO "survey_options" ("id","content","section","created_at","emoji") VALUES(6,'爸爸可以不要看手機嗎？','community','2026-09-24 02:00:00','📱');
INSERT INTO "survey_options" ("id","content","section","created_at","emoji") VALUES(7,'爸爸廁所要待多久?','community','2026-09-24 02:00:00','🚽');
CREATE TABLE votes (
  id INTEGER PRIMARY KEY,
  option_id INTEGER NOT NULL REFERENCES survey_options(id),
  session_id TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
  ip_hash BLOB,
  user_agent TEXT
);
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(1,3,'2865f6c9-2761-4275-acef-3732c2a90d80','2026-09-18 18:06:14',X'25262728','curl/8.5');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(2,4,'2865f6c9-2761-4275-acef-3732c2a90d80','2026-09-18 18:06:34',X'4a4b4c4d','curl/8.5');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(3,5,'2865f6c9-2761-4275-acef-3732c2a90d80','2026-09-18 18:06:54',X'6f707172','Mozilla/5.0 (iPhone; ''quoted'')');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(4,3,'6ebe63a4-e3c5-4497-ac07-9989e0fb7bbd','2026-09-18 18:07:30',NULL,'curl/8.5');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(5,3,'6ebe63a4-e3c5-4497-ac07-9989e0fb7bbd','2026-09-18 18:07:50',X'b9babbbc','curl/8.5');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(6,4,'6ebe63a4-e3c5-4497-ac07-9989e0fb7bbd','2026-09-18 18:08:10',X'dedfe0e1','Mozilla/5.0 (iPhone; ''quoted'')');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(7,5,'fe3ed1bd-bbfc-42ee-ae8a-1e484b121e68','2026-09-18 18:09:05',X'03040506','curl/8.5');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(8,4,'fe3ed1bd-bbfc-42ee-ae8a-1e484b121e68','2026-09-18 18:09:25',NULL,'curl/8.5');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(9,3,'fe3ed1bd-bbfc-42ee-ae8a-1e484b121e68','2026-09-18 18:09:45',X'4d4e4f50','Mozilla/5.0 (iPhone; ''quoted'')');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(10,4,'2c21c0d7-da5d-46d6-a72b-d4ab4cf72024','2026-09-18 18:10:41',X'72737475','curl/8.5');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(11,5,'2c21c0d7-da5d-46d6-a72b-d4ab4cf72024','2026-09-18 18:11:01',X'9798999a','curl/8.5');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(12,5,'2c21c0d7-da5d-46d6-a72b-d4ab4cf72024','2026-09-18 18:11:21',NULL,'Mozilla/5.0 (iPhone; ''quoted'')');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(13,1,'a2a7abff-4b02-402e-a907-b7c481838f22','2026-09-19 01:12:05',X'e1e2e3e4','curl/8.5');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(14,2,'a2a7abff-4b02-402e-a907-b7c481838f22','2026-09-19 01:12:53',X'06070809','curl/8.5');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(15,3,'a2a7abff-4b02-402e-a907-b7c481838f22','2026-09-19 01:13:40',X'2b2c2d2e','Mozilla/5.0 (iPhone; ''quoted'')');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(16,1,'495a7570-3cf1-4600-af9b-f7edcaee97a9','2026-09-19 01:47:31',NULL,'curl/8.5');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(17,2,'495a7570-3cf1-4600-af9b-f7edcaee97a9','2026-09-19 01:48:19',X'75767778','curl/8.5');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(18,4,'495a7570-3cf1-4600-af9b-f7edcaee97a9','2026-09-19 01:49:06',X'9a9b9c9d','Mozilla/5.0 (iPhone; ''quoted'')');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(19,1,'14be408a-a6b6-4f44-ae28-6d4bb9785edb','2026-09-19 04:20:44',X'bfc0c1c2','curl/8.5');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(20,1,'14be408a-a6b6-4f44-ae28-6d4bb9785edb','2026-09-19 04:21:32',NULL,'curl/8.5');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(21,2,'14be408a-a6b6-4f44-ae28-6d4bb9785edb','2026-09-19 04:22:19',X'090a0b0c','Mozilla/5.0 (iPhone; ''quoted'')');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(22,1,'96eb9bec-10cd-4b9e-a0d8-1e16cf1a23ab','2026-09-19 13:05:10',X'2e2f3031','curl/8.5');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(23,2,'96eb9bec-10cd-4b9e-a0d8-1e16cf1a23ab','2026-09-19 13:05:58',X'53545556','curl/8.5');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(24,5,'96eb9bec-10cd-4b9e-a0d8-1e16cf1a23ab','2026-09-19 13:06:45',NULL,'Mozilla/5.0 (iPhone; ''quoted'')');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(25,1,'8d77f63c-9131-48a5-a0c1-95199121f73b','2026-09-19 14:41:52',X'9d9e9fa0','curl/8.5');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(26,2,'8d77f63c-9131-48a5-a0c1-95199121f73b','2026-09-19 14:42:40',X'c2c3c4c5','curl/8.5');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(27,2,'8d77f63c-9131-48a5-a0c1-95199121f73b','2026-09-19 14:43:27',X'e7e8e9ea','Mozilla/5.0 (iPhone; ''quoted'')');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(28,1,'c8aaac7e-8c65-4c84-aa23-b3fd4bc30f41','2026-09-20 00:15:03',NULL,'curl/8.5');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(29,3,'c8aaac7e-8c65-4c84-aa23-b3fd4bc30f41','2026-09-20 00:15:51',X'31323334','curl/8.5');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(30,4,'c8aaac7e-8c65-4c84-aa23-b3fd4bc30f41','2026-09-20 00:16:38',X'56575859','Mozilla/5.0 (iPhone; ''quoted'')');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(31,1,'1bed57d5-ce60-42ba-a052-bd062648273f','2026-09-20 05:02:27',X'7b7c7d7e','curl/8.5');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(32,1,'1bed57d5-ce60-42ba-a052-bd062648273f','2026-09-20 05:03:15',NULL,'curl/8.5');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(33,1,'1bed57d5-ce60-42ba-a052-bd062648273f','2026-09-20 05:04:02',X'c5c6c7c8','Mozilla/5.0 (iPhone; ''quoted'')');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(34,1,'7bf38d28-0bc9-4405-ae7e-62b821733a35','2026-09-20 12:33:18',X'eaebeced','curl/8.5');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(35,3,'7bf38d28-0bc9-4405-ae7e-62b821733a35','2026-09-20 12:34:06',X'0f101112','curl/8.5');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(36,5,'7bf38d28-0bc9-4405-ae7e-62b821733a35','2026-09-20 12:34:53',NULL,'Mozilla/5.0 (iPhone; ''quoted'')');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(37,1,'2e582128-3f1e-4fc8-ad8e-63ce8f90cf14','2026-09-20 23:55:40',X'595a5b5c','curl/8.5');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(38,4,'2e582128-3f1e-4fc8-ad8e-63ce8f90cf14','2026-09-20 23:56:28',X'7e7f8081','curl/8.5');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(39,1,'80e03064-e930-419e-a982-a97c334d3482','2026-09-21 11:20:09',X'a3a4a5a6','Mozilla/5.0 (iPhone; ''quoted'')');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(40,3,'80e03064-e930-419e-a982-a97c334d3482','2026-09-21 11:20:57',NULL,'curl/8.5');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(41,3,'80e03064-e930-419e-a982-a97c334d3482','2026-09-21 11:21:44',X'edeeeff0','curl/8.5');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(42,2,'241200ea-1fc1-4a23-a513-a998a913ea6c','2026-09-22 04:48:36',X'12131415','Mozilla/5.0 (iPhone; ''quoted'')');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(43,3,'241200ea-1fc1-4a23-a513-a998a913ea6c','2026-09-22 04:49:24',X'3738393a','curl/8.5');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(44,4,'241200ea-1fc1-4a23-a513-a998a913ea6c','2026-09-22 04:50:11',NULL,'curl/8.5');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(45,2,'dabe8a03-2dc5-4ec3-a9cb-601e99bfbaad','2026-09-22 14:10:58',X'81828384','Mozilla/5.0 (iPhone; ''quoted'')');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(46,2,'dabe8a03-2dc5-4ec3-a9cb-601e99bfbaad','2026-09-22 14:11:46',X'a6a7a8a9','curl/8.5');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(47,5,'dabe8a03-2dc5-4ec3-a9cb-601e99bfbaad','2026-09-22 14:12:33',X'cbcccdce','curl/8.5');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(48,2,'6bf0d994-7999-428d-a7f5-f0a504e3fa70','2026-09-23 01:30:21',NULL,'Mozilla/5.0 (iPhone; ''quoted'')');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(49,4,'6bf0d994-7999-428d-a7f5-f0a504e3fa70','2026-09-23 01:31:09',X'15161718','curl/8.5');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(50,5,'6bf0d994-7999-428d-a7f5-f0a504e3fa70','2026-09-23 01:31:56',X'3a3b3c3d','curl/8.5');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(51,2,'d17d1d7a-eeb3-451e-a7ba-a153c94275fb','2026-09-23 10:44:02',X'5f606162','Mozilla/5.0 (iPhone; ''quoted'')');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(52,3,'d17d1d7a-eeb3-451e-a7ba-a153c94275fb','2026-09-23 10:44:50',NULL,'curl/8.5');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(53,2,'7273a219-e4f3-4978-ac3f-e5eaece32364','2026-09-23 15:02:37',X'a9aaabac','curl/8.5');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(54,5,'7273a219-e4f3-4978-ac3f-e5eaece32364','2026-09-23 15:03:25',X'cecfd0d1','Mozilla/5.0 (iPhone; ''quoted'')');
INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash","user_agent") VALUES(55,5,'7273a219-e4f3-4978-ac3f-e5eaece32364','2026-09-23 15:04:12',X'f3f4f5f6','curl/8.5');
CREATE TABLE suggestions (
  id INTEGER PRIMARY KEY,
  session_id TEXT,
  content TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending',
  created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
);
INSERT INTO "suggestions" ("id","session_id","content","status","created_at") VALUES(1,'1bed57d5-ce60-42ba-a052-bd062648273f','爸爸可以不要看手機嗎？','approved','2026-09-20 05:05:10');
INSERT INTO "suggestions" ("id","session_id","content","status","created_at") VALUES(2,'1bed57d5-ce60-42ba-a052-bd062648273f','爸爸廁所要待多久?','approved','2026-09-20 05:06:02');
INSERT INTO "suggestions" ("id","session_id","content","status","created_at") VALUES(3,'241200ea-1fc1-4a23-a513-a998a913ea6c','可以加一個「寵物」的選項嗎？','pending','2026-09-22 04:50:11');
INSERT INTO "suggestions" ("id","session_id","content","status","created_at") VALUES(4,'6bf0d994-7999-428d-a7f5-f0a504e3fa70',replace('週末 | 平日\n哪個比較累？','\n',char(10)),'pending','2026-09-23 01:31:40');
INSERT INTO "suggestions" ("id","session_id","content","status","created_at") VALUES(5,'2865f6c9-2761-4275-acef-3732c2a90d80','test','rejected','2026-09-18 18:06:50');
INSERT INTO "suggestions" ("id","session_id","content","status","created_at") VALUES(6,'96eb9bec-10cd-4b9e-a0d8-1e16cf1a23ab','=HYPERLINK("https://example.com","點我")','rejected','2026-09-19 13:06:00');
CREATE TABLE IF NOT EXISTS "page views" (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  path TEXT NOT NULL,
  referrer TEXT,
  load_ms REAL
);
INSERT INTO "page views" ("id","path","referrer","load_ms") VALUES(1,'/',NULL,120.5);
INSERT INTO "page views" ("id","path","referrer","load_ms") VALUES(2,'/vote','https://example.com/a;b',98.25);
INSERT INTO "page views" ("id","path","referrer","load_ms") VALUES(3,'/notes',replace(replace('line one\r\nline two','\r',char(13)),'\n',char(10)),-0.5);
INSERT INTO "page views" ("id","path","referrer","load_ms") VALUES(4,'/?q=it''s','',1e-07);
DELETE FROM sqlite_sequence;
INSERT INTO "sqlite_sequence" ("name","seq") VALUES('d1_migrations',2);
INSERT INTO "sqlite_sequence" ("name","seq") VALUES('page views',9);
CREATE INDEX idx_votes_session ON votes(session_id);
CREATE INDEX "idx page views path" ON "page views"(path);
CREATE TRIGGER votes_count_views AFTER INSERT ON votes
BEGIN
  UPDATE "page views" SET load_ms = load_ms WHERE id = 1;
END;
CREATE VIEW option_totals AS SELECT option_id, count(*) AS votes FROM votes GROUP BY option_id;