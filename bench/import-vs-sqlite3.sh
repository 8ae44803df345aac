#!/usr/bin/env bash
# Import speed and memory: `tally import` against the sqlite3 shell on the same
# generated D1 export. Usage: bench/import-vs-sqlite3.sh [VOTES] (default 1000000)
# Needs python3, sqlite3 and /usr/bin/time (GNU time). Results go to bench/out/.
set -euo pipefail
cd "$(dirname "$0")/.."
votes="${1:-1000000}"
out=bench/out
mkdir -p "$out"
export_file="$out/export-$votes.sql"
[ -f "$export_file" ] || python3 bench/make_d1_export.py --votes "$votes" --out "$export_file"
rows=$(grep -c '^INSERT INTO' "$export_file")
swift build -c release --product tally >/dev/null
tally=.build/release/tally

measure() {  # name, command…: prints seconds, rows per second and peak RSS
  local name="$1"; shift
  /usr/bin/time -f "%e %M" -o "$out/time.txt" "$@" >"$out/stdout.txt"
  read -r seconds kilobytes < "$out/time.txt"
  awk -v n="$name" -v s="$seconds" -v k="$kilobytes" -v r="$rows" \
    'BEGIN { printf "%-36s %8.2f s %10.0f rows/s %8.1f MB peak RSS\n", n, s, r / s, k / 1024 }'
}

rm -f "$out/shell.sqlite" "$out/tally.sqlite"
measure "sqlite3, one BEGIN/COMMIT" sh -c "{ echo 'BEGIN;'; cat '$export_file'; echo; echo 'COMMIT;'; } | sqlite3 '$out/shell.sqlite'"
/usr/bin/time -f "%e" -o "$out/time.txt" "$tally" migrate --db "$out/shell.sqlite" >/dev/null 2>&1
echo "  then tally migrate on that database: $(cat "$out/time.txt") s"
# Under `script` stderr is a terminal, so tally prints how long the load alone took.
measure "tally import (load + migrations)" script -qec "$tally import '$export_file' --db '$out/tally.sqlite'" /dev/null
grep -a "^loaded\|loaded " "$out/stdout.txt" | tr -d '\r' | sed 's/.*loaded/  loaded/'

# sqlite3 without a transaction commits every row; measured on the first 20,000 rows only.
head -n 20000 "$export_file" > "$out/export-head.sql"
rows=$(grep -c '^INSERT INTO' "$out/export-head.sql")
rm -f "$out/plain.sqlite"
measure "sqlite3 db < export.sql (first 20k)" sh -c "sqlite3 '$out/plain.sqlite' < '$out/export-head.sql'"
