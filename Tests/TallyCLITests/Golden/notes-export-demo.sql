-- tally notes export-sql: moderation decisions to apply to the production D1 database.
-- 6 decision(s) from moderation_log, all of them.
-- Apply with: wrangler d1 execute <DATABASE> --remote --file <this file>
-- Each statement applies only to the state it expects, so applying the file again changes nothing.
-- No BEGIN/COMMIT (D1 rejects them): each statement commits on its own.

-- note 1, version 1: approve (pending → approved)
UPDATE suggestions SET status = 'approved', reviewed_by = 'author', reviewed_at = '2026-09-24 01:55:00', review_reason = NULL, version = 1 WHERE id = 1 AND status = 'pending' AND version = 0 AND promoted_option_id IS NULL;
INSERT INTO moderation_log (suggestion_id, action, from_status, to_status, moderator, reason, created_at, version, option_id) SELECT 1, 'approve', 'pending', 'approved', 'author', NULL, '2026-09-24 01:55:00', 1, NULL WHERE NOT EXISTS (SELECT 1 FROM moderation_log WHERE suggestion_id = 1 AND version = 1) AND EXISTS (SELECT 1 FROM suggestions WHERE id = 1 AND version = 1 AND status = 'approved' AND reviewed_by IS 'author' AND reviewed_at IS '2026-09-24 01:55:00');

-- note 1, version 2: promote (approved → promoted)
INSERT INTO survey_options (id, content, section, created_at) SELECT 6, s.content, 'community', '2026-09-24 02:00:00' FROM suggestions s WHERE s.id = 1 AND s.status = 'approved' AND s.version = 1 AND s.promoted_option_id IS NULL AND NOT EXISTS (SELECT 1 FROM survey_options WHERE id = 6);
UPDATE suggestions SET status = 'approved', reviewed_by = 'author', reviewed_at = '2026-09-24 02:00:00', review_reason = NULL, version = 2, promoted_option_id = 6 WHERE id = 1 AND status = 'approved' AND version = 1 AND promoted_option_id IS NULL AND EXISTS (SELECT 1 FROM survey_options o WHERE o.id = 6 AND o.section = 'community' AND o.created_at = '2026-09-24 02:00:00' AND o.content = suggestions.content);
INSERT INTO moderation_log (suggestion_id, action, from_status, to_status, moderator, reason, created_at, version, option_id) SELECT 1, 'promote', 'approved', 'promoted', 'author', NULL, '2026-09-24 02:00:00', 2, 6 WHERE NOT EXISTS (SELECT 1 FROM moderation_log WHERE suggestion_id = 1 AND version = 2) AND EXISTS (SELECT 1 FROM suggestions WHERE id = 1 AND version = 2 AND status = 'approved' AND reviewed_by IS 'author' AND reviewed_at IS '2026-09-24 02:00:00');

-- note 2, version 1: approve (pending → approved)
UPDATE suggestions SET status = 'approved', reviewed_by = 'author', reviewed_at = '2026-09-24 01:55:30', review_reason = NULL, version = 1 WHERE id = 2 AND status = 'pending' AND version = 0 AND promoted_option_id IS NULL;
INSERT INTO moderation_log (suggestion_id, action, from_status, to_status, moderator, reason, created_at, version, option_id) SELECT 2, 'approve', 'pending', 'approved', 'author', NULL, '2026-09-24 01:55:30', 1, NULL WHERE NOT EXISTS (SELECT 1 FROM moderation_log WHERE suggestion_id = 2 AND version = 1) AND EXISTS (SELECT 1 FROM suggestions WHERE id = 2 AND version = 1 AND status = 'approved' AND reviewed_by IS 'author' AND reviewed_at IS '2026-09-24 01:55:30');

-- note 2, version 2: promote (approved → promoted)
INSERT INTO survey_options (id, content, section, created_at) SELECT 7, s.content, 'community', '2026-09-24 02:00:00' FROM suggestions s WHERE s.id = 2 AND s.status = 'approved' AND s.version = 1 AND s.promoted_option_id IS NULL AND NOT EXISTS (SELECT 1 FROM survey_options WHERE id = 7);
UPDATE suggestions SET status = 'approved', reviewed_by = 'author', reviewed_at = '2026-09-24 02:00:00', review_reason = NULL, version = 2, promoted_option_id = 7 WHERE id = 2 AND status = 'approved' AND version = 1 AND promoted_option_id IS NULL AND EXISTS (SELECT 1 FROM survey_options o WHERE o.id = 7 AND o.section = 'community' AND o.created_at = '2026-09-24 02:00:00' AND o.content = suggestions.content);
INSERT INTO moderation_log (suggestion_id, action, from_status, to_status, moderator, reason, created_at, version, option_id) SELECT 2, 'promote', 'approved', 'promoted', 'author', NULL, '2026-09-24 02:00:00', 2, 7 WHERE NOT EXISTS (SELECT 1 FROM moderation_log WHERE suggestion_id = 2 AND version = 2) AND EXISTS (SELECT 1 FROM suggestions WHERE id = 2 AND version = 2 AND status = 'approved' AND reviewed_by IS 'author' AND reviewed_at IS '2026-09-24 02:00:00');

-- note 5, version 1: reject (pending → rejected)
UPDATE suggestions SET status = 'rejected', reviewed_by = 'author', reviewed_at = '2026-09-19 01:00:00', review_reason = 'smoke test from launch night', version = 1 WHERE id = 5 AND status = 'pending' AND version = 0 AND promoted_option_id IS NULL;
INSERT INTO moderation_log (suggestion_id, action, from_status, to_status, moderator, reason, created_at, version, option_id) SELECT 5, 'reject', 'pending', 'rejected', 'author', 'smoke test from launch night', '2026-09-19 01:00:00', 1, NULL WHERE NOT EXISTS (SELECT 1 FROM moderation_log WHERE suggestion_id = 5 AND version = 1) AND EXISTS (SELECT 1 FROM suggestions WHERE id = 5 AND version = 1 AND status = 'rejected' AND reviewed_by IS 'author' AND reviewed_at IS '2026-09-19 01:00:00');

-- note 6, version 1: reject (pending → rejected)
UPDATE suggestions SET status = 'rejected', reviewed_by = 'author', reviewed_at = '2026-09-21 03:12:45', review_reason = 'link, not a suggestion', version = 1 WHERE id = 6 AND status = 'pending' AND version = 0 AND promoted_option_id IS NULL;
INSERT INTO moderation_log (suggestion_id, action, from_status, to_status, moderator, reason, created_at, version, option_id) SELECT 6, 'reject', 'pending', 'rejected', 'author', 'link, not a suggestion', '2026-09-21 03:12:45', 1, NULL WHERE NOT EXISTS (SELECT 1 FROM moderation_log WHERE suggestion_id = 6 AND version = 1) AND EXISTS (SELECT 1 FROM suggestions WHERE id = 6 AND version = 1 AND status = 'rejected' AND reviewed_by IS 'author' AND reviewed_at IS '2026-09-21 03:12:45');
