-- suggestions: sticky notes by status, with how many were promoted to options and how many sessions wrote them.
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
SELECT status,
       COUNT(*) AS notes,
       COUNT(promoted_option_id) AS promoted,
       COUNT(DISTINCT session_id) AS sessions
FROM note_then
GROUP BY status
ORDER BY CASE status WHEN 'pending' THEN 0 WHEN 'approved' THEN 1 WHEN 'rejected' THEN 2 ELSE 3 END, status;
