-- timeline: first and last counted vote (UTC), the as-of time, and the longest quiet gap (to the second) between counted votes or up to the as-of time.
--
-- Parameters: edit the values in `params`, one `value AS name` per line (text in single quotes, NULL for none).
-- Times are ISO 8601 with an offset ('2026-09-19T02:11:00+08:00') or D1's UTC text ('2026-09-18 18:11:00').
-- Stored times are read as UTC and normalised with strftime() before any comparison, so D1's
-- 'YYYY-MM-DD HH:MM:SS' and JavaScript's 'YYYY-MM-DDTHH:MM:SS.sssZ' compare correctly.
WITH params AS (SELECT
  '2026-09-19T02:11:00+08:00' AS exclude_before,  -- sessions whose first vote is earlier are excluded whole; NULL: none
  '[]' AS exclude_sessions,                       -- JSON array of session ids to exclude, e.g. '["a1b2","c3d4"]'
  NULL AS through,                                -- only votes at or before this time count; NULL: all votes
  '2026-09-27T12:00:00+08:00' AS as_of            -- the time the report is as of (quiet gaps end here)
),
vote AS (
  SELECT id, session_id, option_id, created_at AS stored,
         CASE WHEN typeof(created_at) = 'text' AND instr(created_at, char(0)) = 0
                   AND created_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9][ T][0-9][0-9]:[0-9][0-9]*'
                   AND substr(created_at, 17) NOT GLOB '*[^0-9:.Zz+-]*' AND substr(created_at, 1, 4) <> '0000'
                   AND substr(created_at, 12, 2) < '24' AND date(julianday(substr(created_at, 1, 10))) = substr(created_at, 1, 10)
                   AND julianday(CASE WHEN created_at GLOB '???????????????????.[0-9][0-9][0-9][0-9]*'
                         THEN substr(created_at, 1, 23) || ltrim(substr(created_at, 24), '0123456789') ELSE created_at END)
                       BETWEEN 1721426.5 AND 5373483.49999999
              THEN strftime('%Y-%m-%d %H:%M:%f', CASE WHEN created_at GLOB '???????????????????.[0-9][0-9][0-9][0-9]*'
                         THEN substr(created_at, 1, 23) || ltrim(substr(created_at, 24), '0123456789') ELSE created_at END) END AS t
  FROM votes
),
considered AS (
  SELECT vote.* FROM vote, params
  WHERE params.through IS NULL OR vote.t IS NULL OR vote.t <= strftime('%Y-%m-%d %H:%M:%f', params.through)
),
session AS (
  SELECT session_id, MIN(t) AS first_vote, COUNT(*) AS votes FROM considered GROUP BY session_id
),
excluded AS (
  SELECT session.session_id FROM session, params
  WHERE session.first_vote < strftime('%Y-%m-%d %H:%M:%f', params.exclude_before)
     OR session.session_id IN (SELECT value FROM json_each(params.exclude_sessions))
),
counted AS (
  SELECT * FROM considered WHERE session_id NOT IN (SELECT session_id FROM excluded)
),
point AS (
  SELECT CAST(strftime('%s', t) AS INTEGER) AS s FROM counted WHERE t IS NOT NULL
  UNION
  SELECT CAST(strftime('%s', as_of) AS INTEGER) FROM params
),
gap AS (
  SELECT LAG(s) OVER (ORDER BY s) AS start_s, s AS end_s FROM point
),
longest AS (
  SELECT start_s, end_s FROM gap WHERE start_s IS NOT NULL ORDER BY end_s - start_s DESC, start_s LIMIT 1
)
SELECT (SELECT MIN(t) FROM counted) AS first_vote,
       (SELECT MAX(t) FROM counted) AS last_vote,
       strftime('%Y-%m-%d %H:%M:%f', params.as_of) AS as_of,
       (SELECT datetime(start_s, 'unixepoch') FROM longest) AS gap_start,
       (SELECT datetime(end_s, 'unixepoch') FROM longest) AS gap_end,
       (SELECT end_s - start_s FROM longest) AS gap_seconds
FROM params;
