-- concentration: counted sessions by how many votes they used, and how many of them stacked 2+ votes on one option.
--
{{parameters}}
WITH {{params_votes}},
{{vote_plain}},
{{considered}},
{{session_plain}},
{{excluded}},
{{counted}},
per_option AS (
  SELECT session_id, option_id, COUNT(*) AS n FROM counted GROUP BY session_id, option_id
),
per_session AS (
  SELECT session_id, SUM(n) AS votes_used, MAX(n) >= 2 AS stacked FROM per_option GROUP BY session_id
)
SELECT votes_used, COUNT(*) AS sessions, SUM(stacked) AS stacking_sessions
FROM per_session
GROUP BY votes_used
ORDER BY votes_used;
