-- tally: every option ranked by distinct voters within its section, counted sessions only, with the figures including excluded sessions beside them.
--
-- Parameters: edit the values in `params`, one `value AS name` per line (text in single quotes, NULL for none).
-- Times are ISO 8601 with an offset ('2026-09-19T02:11:00+08:00') or D1's UTC text ('2026-09-18 18:11:00').
-- Stored times are read as UTC and normalised with strftime() before any comparison, so D1's
-- 'YYYY-MM-DD HH:MM:SS' and JavaScript's 'YYYY-MM-DDTHH:MM:SS.sssZ' compare correctly.
-- `eligible` is the counted sessions that could choose the option: those whose last counted vote is at or after its
-- creation (an option whose created_at cannot be read counts as always there, a session none of whose vote times can
-- be read as able to choose every option), 0 when there are none; a vote cast before its option existed counts in
-- `voters` but in no one's `eligible`, so options open for the same time are compared over the same voters. `share`
-- is its voters among them, at most 1 (an option created mid-poll is not counted against sessions that finished
-- before it existed; NULL when nobody could choose it).
WITH params AS (SELECT
  '2026-09-19T02:11:00+08:00' AS exclude_before,  -- sessions whose first vote is earlier are excluded whole; NULL: none
  '[]' AS exclude_sessions,                       -- JSON array of session ids to exclude, e.g. '["a1b2","c3d4"]'
  NULL AS through                                 -- only votes at or before this time count; NULL: all votes
),
vote AS (
  SELECT id, session_id, option_id,
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
  SELECT session_id, MIN(t) AS first_vote FROM considered GROUP BY session_id
),
excluded AS (
  SELECT session.session_id FROM session, params
  WHERE session.first_vote < strftime('%Y-%m-%d %H:%M:%f', params.exclude_before)
     OR session.session_id IN (SELECT value FROM json_each(params.exclude_sessions))
),
counted AS (
  SELECT * FROM considered WHERE session_id NOT IN (SELECT session_id FROM excluded)
),
option AS (
  SELECT id, content, section,
         CASE WHEN typeof(created_at) = 'text' AND instr(created_at, char(0)) = 0
                   AND created_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9][ T][0-9][0-9]:[0-9][0-9]*'
                   AND substr(created_at, 17) NOT GLOB '*[^0-9:.Zz+-]*' AND substr(created_at, 1, 4) <> '0000'
                   AND substr(created_at, 12, 2) < '24' AND date(julianday(substr(created_at, 1, 10))) = substr(created_at, 1, 10)
                   AND julianday(CASE WHEN created_at GLOB '???????????????????.[0-9][0-9][0-9][0-9]*'
                         THEN substr(created_at, 1, 23) || ltrim(substr(created_at, 24), '0123456789') ELSE created_at END)
                       BETWEEN 1721426.5 AND 5373483.49999999
              THEN strftime('%Y-%m-%d %H:%M:%f', CASE WHEN created_at GLOB '???????????????????.[0-9][0-9][0-9][0-9]*'
                         THEN substr(created_at, 1, 23) || ltrim(substr(created_at, 24), '0123456789') ELSE created_at END) END AS t
  FROM survey_options
),
by_option AS (
  SELECT option_id, COUNT(*) AS votes, COUNT(DISTINCT session_id) AS voters FROM counted GROUP BY option_id
),
by_option_all AS (
  SELECT option_id, COUNT(*) AS votes, COUNT(DISTINCT session_id) AS voters FROM considered GROUP BY option_id
),
total AS (
  SELECT COUNT(DISTINCT session_id) AS voters FROM counted
),
last_vote AS (  -- the session's last counted vote with a readable time; NULL when none is readable
  SELECT session_id, MAX(t) AS last FROM counted GROUP BY session_id
),
eligible AS (  -- per option, the counted sessions that could choose it (see the header)
  SELECT o.id AS option_id, COUNT(*) AS sessions
  FROM option AS o JOIN last_vote AS l ON o.t IS NULL OR l.last IS NULL OR o.t <= l.last
  GROUP BY o.id
)
SELECT o.id,
       o.content,
       o.section,
       o.t AS created_at,
       RANK() OVER (PARTITION BY o.section ORDER BY COALESCE(c.voters, 0) DESC) AS rank,
       COALESCE(c.voters, 0) AS voters,
       COALESCE(c.votes, 0) AS votes,
       ROUND(1.0 * MIN(COALESCE(c.voters, 0), e.sessions) / NULLIF(e.sessions, 0), 4) AS share,
       COALESCE(a.voters, 0) AS voters_all,
       COALESCE(a.votes, 0) AS votes_all,
       COALESCE(e.sessions, 0) AS eligible
FROM option AS o
CROSS JOIN total
CROSS JOIN params
LEFT JOIN by_option AS c ON c.option_id = o.id
LEFT JOIN by_option_all AS a ON a.option_id = o.id
LEFT JOIN eligible AS e ON e.option_id = o.id
WHERE params.through IS NULL OR o.t IS NULL  -- options added after `through` did not exist yet
   OR o.t <= strftime('%Y-%m-%d %H:%M:%f', params.through)
ORDER BY CASE o.section WHEN 'original' THEN 0 WHEN 'community' THEN 1 ELSE 2 END, o.section,
         voters DESC, votes DESC, o.id;
