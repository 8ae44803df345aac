#!/bin/sh
# Remakes copy.sqlite (a moderator's local copy) and d1.sqlite (the "remote" D1 it syncs with)
# with a given tally binary: the release before the sync ledger had a version marker
# (main at a0f0372, 2026-12-01). The copy holds one decision in each state:
#   confirmed  approve 3 by alice            conflict  approve 4 by alice (D1: reject by bob)
#   pushed     promote 3 (push.sql, never applied)
#   unpushed   approve 7, reject 8 by alice
# Usage: make.sh TALLY_BINARY OUT_FOLDER   (the stand-in wrangler of Tests/Wrangler is used)
set -eu
T=$1; OUT=$2
HERE=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$OUT"; cd "$OUT"; rm -f a.sqlite b.sqlite d1.sqlite d1.sqlite.calls push.sql
PATH="$HERE/../../Wrangler:$PATH"; TALLY_TEST_D1=$PWD/d1.sqlite; export PATH TALLY_TEST_D1
"$T" demo --db d1.sqlite >/dev/null
sqlite3 d1.sqlite "DROP TABLE tally_sync_decisions; DROP TABLE tally_sync_pushes; DROP TABLE tally_sync_origin;
  INSERT INTO suggestions(id,session_id,content,created_at) VALUES (7,'sess-seven','a note about dogs','2026-09-26 10:00:00'),
  (8,'sess-eight','it''s a note
with a line break','2026-09-26 11:00:00');"
"$T" pull --wrangler votes --db a.sqlite; "$T" pull --wrangler votes --db b.sqlite
"$T" notes reject 4 --as bob --reason "off topic" --db b.sqlite; "$T" push --wrangler votes --db b.sqlite
"$T" notes approve 3 --as alice --db a.sqlite; "$T" notes approve 4 --as alice --db a.sqlite
"$T" push --wrangler votes --db a.sqlite || test $? = 3
"$T" notes promote 3 --as alice --db a.sqlite; "$T" push --output push.sql --db a.sqlite
"$T" notes approve 7 --as alice --db a.sqlite; "$T" notes reject 8 --as alice --reason "two lines" --db a.sqlite
mv a.sqlite copy.sqlite; rm -f b.sqlite d1.sqlite.calls push.sql
