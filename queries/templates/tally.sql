-- tally: every option ranked by distinct voters within its section, counted sessions only, with the figures including excluded sessions beside them.
--
{{parameters}}
-- `eligible` is the counted sessions that could choose the option: those whose last counted vote is at or after its
-- creation (an option whose created_at cannot be read counts as always there, a session none of whose vote times can
-- be read as able to choose every option), 0 when there are none; a vote cast before its option existed counts in
-- `voters` but in no one's `eligible`, so options open for the same time are compared over the same voters. `share`
-- is its voters among them, at most 1 (an option created mid-poll is not counted against sessions that finished
-- before it existed; NULL when nobody could choose it).
WITH {{params_votes}},
{{vote_ranked}},
{{considered}},
{{session_ranked}},
{{excluded}},
{{counted}},
option AS (
  SELECT id, content, section,
         {{time created_at}} AS t
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
{{last_vote}},
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
