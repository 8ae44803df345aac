-- approved: approved notes grouped by the session that wrote them (most notes first), with the option each was promoted to.
-- With `through`, a note shows its status at that time from moderation_log: the latest decision by then, else the
-- status before its first later decision; a note without log entries keeps its stored status.
--
{{parameters}}
WITH {{params_notes}},
{{note}},
{{considered_note}},
{{decision}},
{{decided}},
{{note_then}}
SELECT id,
       session_id,
       content,
       t AS created_at,
       promoted_option_id,
       COUNT(*) OVER (PARTITION BY session_id) AS session_notes
FROM note_then
WHERE status = 'approved'
ORDER BY session_notes DESC, session_id IS NULL, session_id, id;
