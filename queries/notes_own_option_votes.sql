-- Did the session that wrote a note vote for the option the note became?
--
-- One row per promoted note: its author session, the option, and how many of
-- that session's votes went to it. Runs unchanged in sqlite3 and in
-- `wrangler d1 execute DB --remote --file queries/notes_own_option_votes.sql`.
-- Sessions are not people (a cleared cookie is a new session), so a 0 here
-- says only that this session did not vote for its own option.

SELECT s.id                 AS note_id,
       s.session_id         AS session_id,
       s.promoted_option_id AS option_id,
       COUNT(v.id)          AS votes_by_author
FROM suggestions s
LEFT JOIN votes v
       ON v.option_id = s.promoted_option_id
      AND v.session_id = s.session_id
WHERE s.promoted_option_id IS NOT NULL
GROUP BY s.id
ORDER BY s.id;
