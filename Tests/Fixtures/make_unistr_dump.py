#!/usr/bin/env python3
"""Writes sqlite-dump-unistr.sql: a `sqlite3 .dump` of the contract's tables
whose text literals are written as SQLite 3.44 and later write them, with
`unistr('…\\u000a…')` for text holding control characters.

Each literal is SQLite's own `unistr_quote()` (the `%#Q` quoting the shell
uses), computed by a newer SQLite than the system's: Python's apsw bundles one.

Usage: pip install apsw && python3 make_unistr_dump.py > sqlite-dump-unistr.sql
"""
import apsw

SCHEMA = [
    "CREATE TABLE survey_options (id INTEGER PRIMARY KEY, content TEXT NOT NULL, section TEXT NOT NULL, "
    "created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP)",
    "CREATE TABLE votes (id INTEGER PRIMARY KEY, option_id INTEGER NOT NULL REFERENCES survey_options(id), "
    "session_id TEXT NOT NULL, created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP)",
    "CREATE TABLE suggestions (id INTEGER PRIMARY KEY, session_id TEXT, content TEXT NOT NULL, "
    "status TEXT NOT NULL DEFAULT 'pending', created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP, token BLOB)",
]
# The texts tests/DumpImporterTests expects back byte for byte.
OPTIONS = [(1, "做了好多事，另一半不知道", "original"), (2, "line one\nline two", "original")]
NOTES = [
    (1, "爸爸可以不要看手機嗎？\n真的", b"\x00\x01\xff"),
    (2, "tab\there\r\nback\\slash 'quoted' \\u0041 not an escape", None),
    (3, "bell\x07 escape\x1b end\x1f", b""),
    (4, "no control characters, a \\ backslash", None),
]

db = apsw.Connection(":memory:")
for statement in SCHEMA:
    db.execute(statement)
db.executemany("INSERT INTO survey_options VALUES (?, ?, ?, '2026-09-18 10:00:00')", OPTIONS)
db.executemany("INSERT INTO votes VALUES (?, ?, 'session-a', '2026-09-19 01:00:00')", [(1, 1), (2, 2)])
db.executemany("INSERT INTO suggestions VALUES (?, 'session-a', ?, 'pending', '2026-09-20 05:05:10', ?)", NOTES)

print("PRAGMA foreign_keys=OFF;")
print("BEGIN TRANSACTION;")
for statement, table in zip(SCHEMA, ["survey_options", "votes", "suggestions"]):
    print(statement + ";")
    columns = [row[1] for row in db.execute(f"PRAGMA table_info({table})")]
    values = " || ',' || ".join(f"unistr_quote({column})" for column in columns)
    for (line,) in db.execute(f"SELECT 'INSERT INTO {table} VALUES(' || {values} || ');' FROM {table} ORDER BY id"):
        print(line)
print("COMMIT;")
