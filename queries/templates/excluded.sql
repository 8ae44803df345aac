-- excluded: the exclusion ledger, each excluded session with its first vote (UTC), its votes and why; named sessions not in the data have 0 votes.
--
{{parameters}}
WITH params AS (SELECT
  '2026-09-19T02:11:00+08:00' AS exclude_before,  -- sessions whose first vote is earlier are excluded whole; NULL: none
  '[]' AS exclude_sessions,                       -- JSON array of session ids to exclude, e.g. '["a1b2","c3d4"]'
  NULL AS through,                                -- only votes at or before this time count; NULL: all votes
  1000 AS max_listed                              -- at most this many sessions are listed
),
{{vote_plain}},
{{considered}},
{{session_plain}},
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
