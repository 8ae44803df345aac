-- timeline: first and last counted vote (UTC), the as-of time, and the longest quiet gap (to the second) between counted votes or up to the as-of time.
--
{{parameters}}
WITH params AS (SELECT
  '2026-09-19T02:11:00+08:00' AS exclude_before,  -- sessions whose first vote is earlier are excluded whole; NULL: none
  '[]' AS exclude_sessions,                       -- JSON array of session ids to exclude, e.g. '["a1b2","c3d4"]'
  NULL AS through,                                -- only votes at or before this time count; NULL: all votes
  '2026-09-27T12:00:00+08:00' AS as_of            -- the time the report is as of (quiet gaps end here)
),
{{vote_plain}},
{{considered}},
{{session_plain}},
{{excluded}},
{{counted}},
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
