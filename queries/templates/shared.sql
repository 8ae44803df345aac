-- The parts several queries share, written once. Each file of queries/ runs alone (D1 has no includes),
-- so queries/NAME.sql is generated from queries/templates/NAME.sql: {{NAME}} stands for the block of that
-- name below, {{time COLUMN}} for the reading of a stored time in COLUMN, indented where it stands.
-- QueryTemplateTests fails when a generated file differs; after editing a template or a block, run
-- TALLY_RECORD_GOLDEN=1 swift test --filter QueryTemplateTests and commit both.

-- block: parameters
-- Parameters: edit the values in `params`, one `value AS name` per line (text in single quotes, NULL for none).
-- Times are ISO 8601 with an offset ('2026-09-19T02:11:00+08:00') or D1's UTC text ('2026-09-18 18:11:00').
-- Stored times are read as UTC and normalised with strftime() before any comparison, so D1's
-- 'YYYY-MM-DD HH:MM:SS' and JavaScript's 'YYYY-MM-DDTHH:MM:SS.sssZ' compare correctly.

-- block: time
CASE WHEN typeof({column}) = 'text' AND instr({column}, char(0)) = 0
          AND {column} GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9][ T][0-9][0-9]:[0-9][0-9]*'
          AND substr({column}, 17) NOT GLOB '*[^0-9:.Zz+-]*' AND substr({column}, 1, 4) <> '0000'
          AND substr({column}, 12, 2) < '24' AND date(julianday(substr({column}, 1, 10))) = substr({column}, 1, 10)
          AND julianday(CASE WHEN {column} GLOB '???????????????????.[0-9][0-9][0-9][0-9]*'
                THEN substr({column}, 1, 23) || ltrim(substr({column}, 24), '0123456789') ELSE {column} END)
              BETWEEN 1721426.5 AND 5373483.49999999
     THEN strftime('%Y-%m-%d %H:%M:%f', CASE WHEN {column} GLOB '???????????????????.[0-9][0-9][0-9][0-9]*'
                THEN substr({column}, 1, 23) || ltrim(substr({column}, 24), '0123456789') ELSE {column} END) END

-- block: params_votes
params AS (SELECT
  '2026-09-19T02:11:00+08:00' AS exclude_before,  -- sessions whose first vote is earlier are excluded whole; NULL: none
  '[]' AS exclude_sessions,                       -- JSON array of session ids to exclude, e.g. '["a1b2","c3d4"]'
  NULL AS through                                 -- only votes at or before this time count; NULL: all votes
)

-- block: params_notes
params AS (SELECT
  NULL AS through   -- only notes written by this time, each with its status then; NULL: all, as they are now
)

-- block: vote_plain
vote AS (
  SELECT id, session_id, option_id, created_at AS stored,
         {{time created_at}} AS t
  FROM votes
)

-- block: vote_ranked
vote AS (
  SELECT id, session_id, option_id,
         {{time created_at}} AS t
  FROM votes
)

-- block: considered
considered AS (
  SELECT vote.* FROM vote, params
  WHERE params.through IS NULL OR vote.t IS NULL OR vote.t <= strftime('%Y-%m-%d %H:%M:%f', params.through)
)

-- block: session_plain
session AS (
  SELECT session_id, MIN(t) AS first_vote, COUNT(*) AS votes FROM considered GROUP BY session_id
)

-- block: session_ranked
session AS (
  SELECT session_id, MIN(t) AS first_vote FROM considered GROUP BY session_id
)

-- block: excluded
excluded AS (
  SELECT session.session_id FROM session, params
  WHERE session.first_vote < strftime('%Y-%m-%d %H:%M:%f', params.exclude_before)
     OR session.session_id IN (SELECT value FROM json_each(params.exclude_sessions))
)

-- block: counted
counted AS (
  SELECT * FROM considered WHERE session_id NOT IN (SELECT session_id FROM excluded)
)

-- block: last_vote
last_vote AS (  -- the session's last counted vote with a readable time; NULL when none is readable
  SELECT session_id, MAX(t) AS last FROM counted GROUP BY session_id
)

-- block: note
note AS (
  SELECT suggestions.*,
         {{time created_at}} AS t
  FROM suggestions
)

-- block: considered_note
considered_note AS (
  SELECT note.* FROM note, params
  WHERE params.through IS NULL OR note.t IS NULL OR note.t <= strftime('%Y-%m-%d %H:%M:%f', params.through)
)

-- block: decision
decision AS (
  SELECT moderation_log.*,
         {{time created_at}} AS t
  FROM moderation_log
)

-- block: decided
decided AS (  -- decisions made by `through` (a time that cannot be read counts as made)
  SELECT decision.* FROM decision, params
  WHERE params.through IS NULL OR decision.t IS NULL OR decision.t <= strftime('%Y-%m-%d %H:%M:%f', params.through)
)

-- block: note_then
note_then AS (  -- each note as it stood at `through`: the log decides for a note that has entries
  SELECT n.id, n.session_id, n.content, n.created_at, n.t,
         CASE WHEN params.through IS NULL OR NOT EXISTS (SELECT 1 FROM decision d WHERE d.suggestion_id = n.id)
              THEN n.status
              ELSE coalesce(
                (SELECT CASE d.to_status WHEN 'promoted' THEN 'approved' ELSE d.to_status END
                 FROM decided d WHERE d.suggestion_id = n.id ORDER BY d.version DESC LIMIT 1),
                (SELECT CASE d.from_status WHEN 'promoted' THEN 'approved' ELSE d.from_status END
                 FROM decision d WHERE d.suggestion_id = n.id ORDER BY d.version LIMIT 1))
         END AS status,
         CASE WHEN params.through IS NULL OR NOT EXISTS (SELECT 1 FROM decision d WHERE d.suggestion_id = n.id)
              THEN n.promoted_option_id
              ELSE (SELECT d.option_id FROM decided d
                    WHERE d.suggestion_id = n.id AND d.action = 'promote' ORDER BY d.version DESC LIMIT 1)
         END AS promoted_option_id
  FROM considered_note n, params
)
