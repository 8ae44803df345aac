#!/usr/bin/env python3
"""Writes a synthetic `wrangler d1 export` file of a vote page's database.

The output follows the format wrangler writes (see the D1 facts in the README):
`PRAGMA defer_foreign_keys=TRUE;` first, each table's CREATE TABLE followed by one
`INSERT INTO "t" ("c1",...) VALUES(...);` per row, text with newlines as
`replace('..','\\n',char(10))`, `DELETE FROM sqlite_sequence;` and the
sqlite_sequence rows, then the indexes. It has no BEGIN/COMMIT.

Usage: bench/make_d1_export.py --votes 1000000 --out bench/out/export-1m.sql
The data is deterministic for a given --seed, so runs are comparable.
"""
import argparse
import datetime
import os
import random
import uuid


def quote(text):
    body = "'" + text.replace("'", "''") + "'"
    if "\n" in text:
        return "replace(" + body.replace("\n", "\\n") + ",'\\n',char(10))"
    return body


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--votes", type=int, default=1_000_000)
    parser.add_argument("--options", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    sessions = max(1, (args.votes + 2) // 3)
    session_ids = [str(uuid.UUID(int=rng.getrandbits(128), version=4)) for _ in range(sessions)]
    with open(args.out, "w", encoding="utf-8", newline="\n") as out:
        w = out.write
        w("PRAGMA defer_foreign_keys=TRUE;\n")
        w("CREATE TABLE d1_migrations(\n\t\tid         INTEGER PRIMARY KEY AUTOINCREMENT,\n"
          "\t\tname       TEXT UNIQUE,\n\t\tapplied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL\n);\n")
        w('INSERT INTO "d1_migrations" ("id","name","applied_at") VALUES(1,\'0001_init.sql\',\'2026-09-17 09:00:00\');\n')
        w("CREATE TABLE survey_options (\n  id INTEGER PRIMARY KEY,\n  content TEXT NOT NULL,\n"
          "  section TEXT NOT NULL,\n  created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP\n);\n")
        for option in range(1, args.options + 1):
            section = "original" if option <= 5 else "community"
            w(f'INSERT INTO "survey_options" ("id","content","section","created_at") '
              f"VALUES({option},{quote(f'選項 {option}')},'{section}','2026-09-18 10:00:00');\n")
        w("CREATE TABLE votes (\n  id INTEGER PRIMARY KEY,\n  option_id INTEGER NOT NULL REFERENCES survey_options(id),\n"
          "  session_id TEXT NOT NULL,\n  created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,\n  ip_hash TEXT\n);\n")
        start = datetime.datetime(2026, 9, 18, 18, 0, 0)
        second = 0
        for vote in range(1, args.votes + 1):
            second += rng.randint(0, 3)
            stamp = (start + datetime.timedelta(seconds=second)).strftime("%Y-%m-%d %H:%M:%S")
            session = session_ids[(vote - 1) // 3]
            ip = "NULL" if vote % 5 == 0 else f"'{rng.getrandbits(64):016x}'"
            w(f'INSERT INTO "votes" ("id","option_id","session_id","created_at","ip_hash") '
              f"VALUES({vote},{rng.randint(1, args.options)},'{session}','{stamp}',{ip});\n")
        w("CREATE TABLE suggestions (\n  id INTEGER PRIMARY KEY,\n  session_id TEXT,\n  content TEXT NOT NULL,\n"
          "  status TEXT NOT NULL DEFAULT 'pending',\n  created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP\n);\n")
        notes = ["週末 | 平日\n哪個比較累？", "It's \"quoted\"", "line one\nline two\nline three"]
        for index, note in enumerate(notes, start=1):
            w(f'INSERT INTO "suggestions" ("id","session_id","content","status","created_at") '
              f"VALUES({index},'{session_ids[index % sessions]}',{quote(note)},'pending','2026-09-20 05:05:10');\n")
        w("DELETE FROM sqlite_sequence;\n")
        w('INSERT INTO "sqlite_sequence" ("name","seq") VALUES(\'d1_migrations\',1);\n')
        w("CREATE INDEX votes_session ON votes(session_id);\n")


if __name__ == "__main__":
    main()
