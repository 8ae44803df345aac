-- choices: counted sessions grouped by the set of options they chose (stacked votes count once) and the set they could choose, for the chance of leading.
--
-- Parameters: edit the values in `params`, one `value AS name` per line (text in single quotes, NULL for none).
-- Times are ISO 8601 with an offset ('2026-09-19T02:11:00+08:00') or D1's UTC text ('2026-09-18 18:11:00').
-- Stored times are read as UTC and normalised with strftime() before any comparison, so D1's
-- 'YYYY-MM-DD HH:MM:SS' and JavaScript's 'YYYY-MM-DDTHH:MM:SS.sssZ' compare correctly.
-- `options` lists the chosen option ids in ascending order, joined by commas ('' for sessions whose votes all
-- name options that do not exist). `votable` lists, the same way, the options the sessions could choose: those that
-- existed at the session's last counted vote (created at or before it; an option whose created_at cannot be read
-- counts as always there, and a session none of whose vote times can be read could choose every option).
-- A poll has few options and fewer creation times, so there are few rows however many sessions vote.
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
  SELECT id,
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
last_vote AS (  -- the session's last counted vote with a readable time; NULL when none is readable
  SELECT session_id, MAX(t) AS last FROM counted GROUP BY session_id
),
votable AS (  -- per counted session, the options it could choose, ascending, joined by commas
  SELECT DISTINCT l.session_id,
         group_concat(o.id, ',') OVER (
           PARTITION BY l.session_id ORDER BY o.id
           ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS votable
  FROM last_vote AS l JOIN option AS o ON o.t IS NULL OR l.last IS NULL OR o.t <= l.last
),
chose AS (  -- one row per counted session and existing option it chose
  SELECT DISTINCT counted.session_id, counted.option_id
  FROM counted JOIN survey_options AS o ON o.id = counted.option_id
),
keyed AS (  -- a window's ORDER BY fixes the order group_concat sees the rows in, so the key is canonical
  SELECT DISTINCT session_id,
         group_concat(option_id, ',') OVER (
           PARTITION BY session_id ORDER BY option_id
           ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS options
  FROM chose
),
per_session AS (
  SELECT s.session_id, COALESCE(keyed.options, '') AS options, COALESCE(votable.votable, '') AS votable
  FROM last_vote AS s
  LEFT JOIN keyed ON keyed.session_id = s.session_id
  LEFT JOIN votable ON votable.session_id = s.session_id
)
SELECT options, votable, COUNT(*) AS sessions
FROM per_session
GROUP BY options, votable
ORDER BY options, votable;
