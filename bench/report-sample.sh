#!/usr/bin/env bash
# Builds a large sample vote database for timing `tally report`:
#   bench/report-sample.sh VOTES [OUT]      (default OUT: bench/out/votes-VOTES.sqlite)
# Three votes per session (so VOTES/3 sessions) spread over 30 days in D1's UTC text,
# five original and two community options, random options (so some votes stack),
# and the first 1% of sessions voting before the demo's cutoff (test sessions).
# It needs a built tally (swift build -c release) and the sqlite3 shell.
set -euo pipefail
cd "$(dirname "$0")/.."
votes=${1:?usage: bench/report-sample.sh VOTES [OUT]}
out=${2:-bench/out/votes-$votes.sqlite}
tally=${TALLY:-.build/release/tally}
mkdir -p "$(dirname "$out")"
rm -f "$out"
"$tally" init --db "$out" >/dev/null
# Index maintenance during a bulk insert is slow: drop the vote indexes, insert, then
# let migrations/0003 (CREATE INDEX IF NOT EXISTS) build them again in one go.
sqlite3 "$out" <<SQL
DROP INDEX votes_session_time_option;
DROP INDEX votes_option_session;
DROP INDEX votes_created_at;
PRAGMA journal_mode = OFF;
PRAGMA synchronous = OFF;
BEGIN;
INSERT INTO survey_options (id, content, section, created_at) VALUES
  (1, '做了好多事，另一半不知道', 'original', '2026-09-18 10:00:00'),
  (2, '今天吃什麼，永遠臨時才有人想', 'original', '2026-09-18 10:00:00'),
  (3, '家事分工，說好的永遠做不到', 'original', '2026-09-18 10:00:00'),
  (4, '孩子的功課，誰來陪？', 'original', '2026-09-18 10:00:00'),
  (5, '週末行程，一個想出門一個想躺', 'original', '2026-09-18 10:00:00'),
  (6, '爸爸可以不要看手機嗎？', 'community', '2026-09-24 02:00:00'),
  (7, '爸爸廁所要待多久?', 'community', '2026-09-24 02:00:00');
WITH RECURSIVE v(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM v WHERE n < $votes - 1),
s AS (SELECT n, n / 3 AS s, n % 3 AS k FROM v)
INSERT INTO votes (option_id, session_id, created_at)
SELECT 1 + abs(random()) % 5,
       printf('%08x-%04x-4%03x-a%03x-%012x', (s * 2654435761) % 4294967296, s % 65536, (s * 7) % 4096,
              (s * 13) % 4096, s * 1000003),
       datetime(1789754400 + CASE WHEN s % 100 = 0 THEN s % 600 ELSE 3600 + (s * 7919) % (30 * 86400) END + k * 47,
                'unixepoch')
FROM s;
COMMIT;
SQL
sqlite3 "$out" < migrations/0003_tally_indexes.sql
sqlite3 "$out" "ANALYZE; SELECT count(*) || ' votes, ' || count(DISTINCT session_id) || ' sessions' FROM votes;"
