-- activity: votes and voters per local day, counted sessions only (votes whose time cannot be read have no day).
--
-- zone_offsets is the reader's time zone written out, since D1 has no time zone database: a JSON array of
-- ["YYYY-MM-DD HH:MM:SS" (UTC), offset in seconds] pairs, earliest first; each offset applies from its time until
-- the next one's. `tally sql activity --tz ZONE` writes the zone's offsets from 1800 to two years after the as-of
-- time (for Asia/Taipei it starts [["0001-01-02 00:00:00",29160],["1896-01-01 00:00:00",28800],...]).
{{parameters}}
WITH params AS (SELECT
  '2026-09-19T02:11:00+08:00' AS exclude_before,  -- sessions whose first vote is earlier are excluded whole; NULL: none
  '[]' AS exclude_sessions,                       -- JSON array of session ids to exclude, e.g. '["a1b2","c3d4"]'
  NULL AS through,                                -- only votes at or before this time count; NULL: all votes
  '[["0001-01-02 00:00:00",28800]]' AS zone_offsets  -- the reader's zone: its UTC offsets, see below
),
{{vote_plain}},
{{considered}},
{{session_plain}},
{{excluded}},
{{counted}},
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
