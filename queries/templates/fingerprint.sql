-- fingerprint: the data fingerprint's counts: per table, the rows the report reads, the highest id and the latest stored time.
-- The rows are those docs/fingerprint.md defines, as they stood at `through`: votes (excluded sessions included),
-- options, notes written by then and moderation_log entries made by then; a row whose time cannot be read is counted,
-- as the report counts it. The report's fingerprint shows the latest time of all four tables together.
-- SQL (and so D1) has no SHA-256 function: a report rendered from these results shows the counts and says the hash
-- is not available; `tally report --db` on a copy of the same data adds it.
--
{{parameters}}
WITH params AS (SELECT
  NULL AS through   -- only rows written by this time; NULL: all rows
),
vote AS (
  SELECT id, {{time created_at}} AS t
  FROM votes
),
option AS (
  SELECT id, {{time created_at}} AS t
  FROM survey_options
),
note AS (
  SELECT id, {{time created_at}} AS t
  FROM suggestions
),
entry AS (
  SELECT id, {{time created_at}} AS t
  FROM moderation_log
),
counted AS (  -- one row per table, in the report's order; MAX(t) skips times that cannot be read
  SELECT 1 AS position, 'votes' AS table_name, COUNT(*) AS row_count, MAX(id) AS highest_id, MAX(t) AS latest
  FROM vote, params
  WHERE params.through IS NULL OR vote.t IS NULL OR vote.t <= strftime('%Y-%m-%d %H:%M:%f', params.through)
  UNION ALL
  SELECT 2, 'survey_options', COUNT(*), MAX(id), MAX(t)
  FROM option, params
  WHERE params.through IS NULL OR option.t IS NULL OR option.t <= strftime('%Y-%m-%d %H:%M:%f', params.through)
  UNION ALL
  SELECT 3, 'suggestions', COUNT(*), MAX(id), MAX(t)
  FROM note, params
  WHERE params.through IS NULL OR note.t IS NULL OR note.t <= strftime('%Y-%m-%d %H:%M:%f', params.through)
  UNION ALL
  SELECT 4, 'moderation_log', COUNT(*), MAX(id), MAX(t)
  FROM entry, params
  WHERE params.through IS NULL OR entry.t IS NULL OR entry.t <= strftime('%Y-%m-%d %H:%M:%f', params.through)
)
SELECT table_name, row_count, highest_id, latest
FROM counted
ORDER BY position;
