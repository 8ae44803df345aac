-- anomalies: everything odd in the data, flagged and never dropped: a count per kind and the first examples.
--
{{parameters}}
WITH params AS (SELECT
  NULL AS through,                       -- only votes at or before this time count; NULL: all votes
  '2026-09-27T12:00:00+08:00' AS as_of,  -- the time the report is as of: votes dated later are flagged
  3 AS votes_per_session,                -- the vote budget of one session
  20 AS max_examples                     -- at most this many examples per kind
),
{{vote_plain}},
{{considered}},
session AS (
  SELECT session_id, COUNT(*) AS votes FROM considered GROUP BY session_id
),
option AS (
  SELECT id, section, created_at AS stored,
         {{time created_at}} AS t
  FROM survey_options
),
anomaly AS (
  SELECT 'over_budget' AS kind, 'votes' AS table_name, NULL AS row_id, session.session_id, NULL AS option_id,
         NULL AS text, NULL AS at, session.votes AS count
  FROM session, params WHERE session.votes > params.votes_per_session
  UNION ALL
  SELECT 'unknown_option', 'votes', id, session_id, option_id, NULL, t, NULL
  FROM considered WHERE option_id IS NULL OR option_id NOT IN (SELECT id FROM option)
  UNION ALL
  SELECT 'vote_before_option', 'votes', considered.id, considered.session_id, considered.option_id, NULL, considered.t, NULL
  FROM considered JOIN option ON option.id = considered.option_id WHERE considered.t < option.t
  UNION ALL
  SELECT 'unreadable_vote_time', 'votes', id, session_id, option_id,
         CASE WHEN typeof(stored) = 'text' AND instr(stored, char(0)) = 0 THEN stored
              WHEN stored IS NOT NULL THEN typeof(stored) || ':' || hex(stored) END, NULL, NULL
  FROM considered WHERE t IS NULL
  UNION ALL
  SELECT 'future_vote', 'votes', id, session_id, option_id, NULL, t, NULL
  FROM considered, params WHERE t > strftime('%Y-%m-%d %H:%M:%f', params.as_of)
  UNION ALL
  SELECT 'non_d1_vote_time', 'votes', id, session_id, option_id, stored, t, NULL
  FROM considered
  WHERE t IS NOT NULL AND stored NOT GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9] [0-9][0-9]:[0-9][0-9]:[0-9][0-9]'
  UNION ALL
  SELECT 'non_text_session_id', 'votes', id, session_id, option_id, NULL, t, NULL
  FROM considered WHERE typeof(session_id) <> 'text' OR instr(session_id, char(0)) > 0
  UNION ALL
  SELECT 'unreadable_option_time', 'survey_options', id, NULL, id,
         CASE WHEN typeof(stored) = 'text' AND instr(stored, char(0)) = 0 THEN stored
              WHEN stored IS NOT NULL THEN typeof(stored) || ':' || hex(stored) END, NULL, NULL
  FROM option WHERE t IS NULL
  UNION ALL
  SELECT 'unknown_section', 'survey_options', id, NULL, id, section, NULL, NULL
  FROM option WHERE section IS NULL OR section NOT IN ('original', 'community')
  UNION ALL
  SELECT 'unknown_status', 'suggestions', id, session_id, NULL, status, NULL, NULL
  FROM suggestions WHERE status IS NULL OR status NOT IN ('pending', 'approved', 'rejected')
),
shown AS (  -- a session id that is not plain text (a BLOB, …) is shown as typeof:HEX, never as raw bytes
  SELECT kind, table_name, row_id, option_id, text, at, count,
         CASE WHEN typeof(session_id) = 'text' AND instr(session_id, char(0)) = 0 THEN session_id
              WHEN session_id IS NOT NULL THEN typeof(session_id) || ':' || hex(session_id) END AS session_id
  FROM anomaly
),
numbered AS (
  SELECT shown.*,
         COUNT(*) OVER (PARTITION BY kind) AS total,
         ROW_NUMBER() OVER (PARTITION BY kind ORDER BY row_id, session_id) AS n
  FROM shown
)
SELECT kind, total, table_name, row_id, session_id, option_id, text, at, count
FROM numbered, params
WHERE numbered.n <= params.max_examples
ORDER BY kind, n;
