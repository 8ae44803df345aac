-- choices: counted sessions grouped by the set of options they chose (stacked votes count once) and the set they could choose, for the chance of leading.
--
{{parameters}}
-- `options` lists the chosen option ids in ascending order, joined by commas ('' for sessions whose votes all
-- name options that do not exist). `votable` lists, the same way, the options the sessions could choose: those that
-- existed at the session's last counted vote (created at or before it; an option whose created_at cannot be read
-- counts as always there, and a session none of whose vote times can be read could choose every option).
-- A poll has few options and fewer creation times, so there are few rows however many sessions vote.
WITH {{params_votes}},
{{vote_ranked}},
{{considered}},
{{session_ranked}},
{{excluded}},
{{counted}},
option AS (
  SELECT id,
         {{time created_at}} AS t
  FROM survey_options
),
{{last_vote}},
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
