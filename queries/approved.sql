-- approved: approved notes grouped by the session that wrote them (most notes first), with the option each was promoted to.
--
-- Parameters: edit the values in `params`, one `value AS name` per line (text in single quotes, NULL for none).
-- Times are ISO 8601 with an offset ('2026-09-19T02:11:00+08:00') or D1's UTC text ('2026-09-18 18:11:00').
-- Stored times are read as UTC and normalised with strftime() before any comparison, so D1's
-- 'YYYY-MM-DD HH:MM:SS' and JavaScript's 'YYYY-MM-DDTHH:MM:SS.sssZ' compare correctly.
WITH params AS (SELECT
  NULL AS through   -- only notes written at or before this time; NULL: all (the status shown is the current one)
),
note AS (
  SELECT suggestions.*, CASE WHEN suggestions.created_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9][ T][0-9][0-9]:[0-9][0-9]*'
                   AND instr(substr(suggestions.created_at, 17), ' ') = 0 AND substr(suggestions.created_at, 1, 4) <> '0000'
                   AND datetime(julianday(suggestions.created_at)) = datetime(suggestions.created_at)
              THEN strftime('%Y-%m-%d %H:%M:%f', suggestions.created_at) END AS t
  FROM suggestions
),
considered_note AS (
  SELECT note.* FROM note, params
  WHERE params.through IS NULL OR note.t IS NULL OR note.t <= strftime('%Y-%m-%d %H:%M:%f', params.through)
)
SELECT id,
       session_id,
       content,
       t AS created_at,
       promoted_option_id,
       COUNT(*) OVER (PARTITION BY session_id) AS session_notes
FROM considered_note
WHERE status = 'approved'
ORDER BY session_notes DESC, session_id IS NULL, session_id, id;
