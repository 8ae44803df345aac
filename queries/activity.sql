-- activity: votes and voters per local day, counted sessions only (votes whose time cannot be read have no day).
--
-- zone_offsets is the reader's time zone written out, since D1 has no time zone database: a JSON array of
-- ["YYYY-MM-DD HH:MM:SS" (UTC), offset in seconds] pairs, earliest first; each offset applies from its time until
-- the next one's. `tally sql activity --tz ZONE` writes the zone's offsets from 1800 to two years after the as-of
-- time (for Asia/Taipei it starts [["0001-01-02 00:00:00",29160],["1896-01-01 00:00:00",28800],...]).
-- Parameters: edit the values in `params`, one `value AS name` per line (text in single quotes, NULL for none).
-- Times are ISO 8601 with an offset ('2026-09-19T02:11:00+08:00') or D1's UTC text ('2026-09-18 18:11:00').
-- Stored times are read as UTC and normalised with strftime() before any comparison, so D1's
-- 'YYYY-MM-DD HH:MM:SS' and JavaScript's 'YYYY-MM-DDTHH:MM:SS.sssZ' compare correctly.
WITH params AS (SELECT
  '2026-09-19T02:11:00+08:00' AS exclude_before,  -- sessions whose first vote is earlier are excluded whole; NULL: none
  '[]' AS exclude_sessions,                       -- JSON array of session ids to exclude, e.g. '["a1b2","c3d4"]'
  NULL AS through,                                -- only votes at or before this time count; NULL: all votes
  '[["0001-01-02 00:00:00",28800]]' AS zone_offsets  -- the reader's zone: its UTC offsets, see below
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
zone AS (  -- each offset coded with its place in time order, so the latest one begun can be carried forward
  SELECT strftime('%Y-%m-%d %H:%M:%f', json_extract(value, '$[0]')) AS since,
         ROW_NUMBER() OVER (ORDER BY strftime('%Y-%m-%d %H:%M:%f', json_extract(value, '$[0]'))) * 200000
           + 100000 + json_extract(value, '$[1]') AS code
  FROM params, json_each(params.zone_offsets)
),
mark AS (  -- offset changes and counted votes on one time line; a change at a vote's very time comes first
  SELECT since AS t, NULL AS session_id, 0 AS is_vote, code FROM zone
  UNION ALL
  SELECT t, session_id, 1, NULL FROM counted WHERE t IS NOT NULL
),
local AS (  -- each vote with the offset in force then: one sort, not one search per vote
  SELECT t, session_id, is_vote,
         MAX(code) OVER (ORDER BY t, is_vote ROWS UNBOUNDED PRECEDING) % 200000 - 100000 AS seconds
  FROM mark
)
SELECT date(t, seconds || ' seconds') AS day,
       COUNT(*) AS votes,
       COUNT(DISTINCT session_id) AS voters
FROM local
WHERE is_vote = 1
GROUP BY day
ORDER BY day;
