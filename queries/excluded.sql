-- excluded: the exclusion ledger, each excluded session with its first vote (UTC), its votes and why; named sessions not in the data have 0 votes.
--
-- Parameters: edit the values in `params`, one `value AS name` per line (text in single quotes, NULL for none).
-- Times are ISO 8601 with an offset ('2026-09-19T02:11:00+08:00') or D1's UTC text ('2026-09-18 18:11:00').
-- Stored times are read as UTC and normalised with strftime() before any comparison, so D1's
-- 'YYYY-MM-DD HH:MM:SS' and JavaScript's 'YYYY-MM-DDTHH:MM:SS.sssZ' compare correctly.
WITH params AS (SELECT
  '2026-09-19T02:11:00+08:00' AS exclude_before,  -- sessions whose first vote is earlier are excluded whole; NULL: none
  '[]' AS exclude_sessions,                       -- JSON array of session ids to exclude, e.g. '["a1b2","c3d4"]'
  NULL AS through,                                -- only votes at or before this time count; NULL: all votes
  1000 AS max_listed                              -- at most this many sessions are listed
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
named AS (
  SELECT DISTINCT value AS session_id FROM json_each((SELECT exclude_sessions FROM params))
),
ledger AS (
  SELECT session.session_id, session.first_vote, session.votes,
         COALESCE(session.first_vote < strftime('%Y-%m-%d %H:%M:%f', params.exclude_before), 0) AS before_cutoff,
         session.session_id IN (SELECT session_id FROM named) AS named
  FROM session, params
  WHERE session.first_vote < strftime('%Y-%m-%d %H:%M:%f', params.exclude_before)
     OR session.session_id IN (SELECT session_id FROM named)
  UNION ALL
  SELECT session_id, NULL, 0, 0, 1 FROM named WHERE session_id NOT IN (SELECT session_id FROM session)
)
SELECT CASE WHEN typeof(session_id) = 'text' AND instr(session_id, char(0)) = 0 THEN session_id  -- else typeof:HEX
            WHEN session_id IS NOT NULL THEN typeof(session_id) || ':' || hex(session_id) END AS session_id,
       first_vote, votes, before_cutoff, named, COUNT(*) OVER () AS listed_total
FROM ledger
ORDER BY first_vote IS NULL, first_vote, session_id
LIMIT (SELECT max_listed FROM params);
