-- notes: every note as it stood at `through` (status and promoted option then), by id; the rows the fingerprint hashes.
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
       CAST(session_id AS TEXT) AS session_id,
       CAST(content AS TEXT) AS content,
       CAST(status AS TEXT) AS status,
       CAST(created_at AS TEXT) AS created_at,
       CAST(promoted_option_id AS INTEGER) AS promoted_option_id
FROM note_then
ORDER BY id;
