-- notes_own_option_votes: for each promoted note, whether the session that wrote it voted for the option it became.
--
-- Parameters: edit the values in `params`, one `value AS name` per line (text in single quotes, NULL for none).
-- One row per promoted note: its author session, the option, and how many of that
-- session's votes went to it. Sessions are not people (a cleared cookie is a new
-- session), so a 0 here says only that this session did not vote for its own option.
WITH params AS (SELECT
  NULL AS session_id  -- only notes written by this session; NULL: every session
)
SELECT s.id                 AS note_id,
       s.session_id         AS session_id,
       s.promoted_option_id AS option_id,
       COUNT(v.id)          AS votes_by_author
FROM params, suggestions s
LEFT JOIN votes v
       ON v.option_id = s.promoted_option_id
      AND v.session_id = s.session_id
WHERE s.promoted_option_id IS NOT NULL
  AND (params.session_id IS NULL OR s.session_id = params.session_id)
GROUP BY s.id
ORDER BY s.id;
