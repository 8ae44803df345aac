-- approved: approved notes grouped by the session that wrote them (most notes first), with the option each was promoted to.
-- With `through`, a note shows its status at that time from moderation_log: the latest decision by then, else the
-- status before its first later decision; a note without log entries keeps its stored status.
--
-- Parameters: edit the values in `params`, one `value AS name` per line (text in single quotes, NULL for none).
-- Times are ISO 8601 with an offset ('2026-09-19T02:11:00+08:00') or D1's UTC text ('2026-09-18 18:11:00').
-- Stored times are read as UTC and normalised with strftime() before any comparison, so D1's
-- 'YYYY-MM-DD HH:MM:SS' and JavaScript's 'YYYY-MM-DDTHH:MM:SS.sssZ' compare correctly.
WITH params AS (SELECT
  NULL AS through   -- only notes written by this time, each with its status then; NULL: all, as they are now
),
note AS (
  SELECT suggestions.*,
         CASE WHEN typeof(created_at) = 'text' AND instr(created_at, char(0)) = 0
                   AND created_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9][ T][0-9][0-9]:[0-9][0-9]*'
                   AND substr(created_at, 17) NOT GLOB '*[^0-9:.Zz+-]*' AND substr(created_at, 1, 4) <> '0000'
                   AND substr(created_at, 12, 2) < '24' AND date(julianday(substr(created_at, 1, 10))) = substr(created_at, 1, 10)
                   AND julianday(CASE WHEN created_at GLOB '???????????????????.[0-9][0-9][0-9][0-9]*'
                         THEN substr(created_at, 1, 23) || ltrim(substr(created_at, 24), '0123456789') ELSE created_at END)
                       BETWEEN 1721426.5 AND 5373483.49999999
              THEN strftime('%Y-%m-%d %H:%M:%f', CASE WHEN created_at GLOB '???????????????????.[0-9][0-9][0-9][0-9]*'
                         THEN substr(created_at, 1, 23) || ltrim(substr(created_at, 24), '0123456789') ELSE created_at END) END AS t
  FROM suggestions
),
considered_note AS (
  SELECT note.* FROM note, params
  WHERE params.through IS NULL OR note.t IS NULL OR note.t <= strftime('%Y-%m-%d %H:%M:%f', params.through)
),
decision AS (
  SELECT moderation_log.*,
         CASE WHEN typeof(created_at) = 'text' AND instr(created_at, char(0)) = 0
                   AND created_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9][ T][0-9][0-9]:[0-9][0-9]*'
                   AND substr(created_at, 17) NOT GLOB '*[^0-9:.Zz+-]*' AND substr(created_at, 1, 4) <> '0000'
                   AND substr(created_at, 12, 2) < '24' AND date(julianday(substr(created_at, 1, 10))) = substr(created_at, 1, 10)
                   AND julianday(CASE WHEN created_at GLOB '???????????????????.[0-9][0-9][0-9][0-9]*'
                         THEN substr(created_at, 1, 23) || ltrim(substr(created_at, 24), '0123456789') ELSE created_at END)
                       BETWEEN 1721426.5 AND 5373483.49999999
              THEN strftime('%Y-%m-%d %H:%M:%f', CASE WHEN created_at GLOB '???????????????????.[0-9][0-9][0-9][0-9]*'
                         THEN substr(created_at, 1, 23) || ltrim(substr(created_at, 24), '0123456789') ELSE created_at END) END AS t
  FROM moderation_log
),
decided AS (  -- decisions made by `through` (a time that cannot be read counts as made)
  SELECT decision.* FROM decision, params
  WHERE params.through IS NULL OR decision.t IS NULL OR decision.t <= strftime('%Y-%m-%d %H:%M:%f', params.through)
),
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
SELECT id,
       session_id,
       content,
       t AS created_at,
       promoted_option_id,
       COUNT(*) OVER (PARTITION BY session_id) AS session_notes
FROM note_then
WHERE status = 'approved'
ORDER BY session_notes DESC, session_id IS NULL, session_id, id;
