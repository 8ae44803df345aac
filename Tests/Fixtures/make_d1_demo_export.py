#!/usr/bin/env python3
"""Writes d1-export-demo.sql: the demo week as `wrangler d1 export` would write
it for a vote page that never ran tally's migrations.

Usage: tally demo --db /tmp/demo.sqlite && python3 make_d1_demo_export.py /tmp/demo.sqlite > d1-export-demo.sql

The vote page's schema differs from tally's the way a real one may: extra
columns (votes.ip_hash, votes.user_agent, survey_options.emoji), an extra table
with a quoted name, AUTOINCREMENT, a blob and a real, its own d1_migrations
ledger, and an index, a trigger and a view. The format follows wrangler's:
`PRAGMA defer_foreign_keys=TRUE;` first; per table its CREATE TABLE (a quoted
name gets IF NOT EXISTS) and one `INSERT INTO "t" ("c",..) VALUES(..);` per
row; newlines as replace('..\\n..','\\n',char(10)) and carriage returns as
replace(..,'\\r',char(13)); blobs as X'..'; `DELETE FROM sqlite_sequence;` and
the sequence rows; indexes, triggers and views last; no BEGIN/COMMIT.
"""
import sqlite3
import sys


def literal(value):
    if value is None:
        return "NULL"
    if isinstance(value, bytes):
        return "X'" + value.hex() + "'"
    if isinstance(value, (int, float)):
        return repr(value)
    text = "'" + value.replace("'", "''") + "'"
    if "\r" in value:
        text = "replace(" + text.replace("\r", "\\r") + ",'\\r',char(13))"
    if "\n" in value:
        text = "replace(" + text.replace("\n", "\\n") + ",'\\n',char(10))"
    return text


def insert(out, table, columns, row):
    names = ",".join('"' + c + '"' for c in columns)
    out.write(f'INSERT INTO "{table}" ({names}) VALUES({",".join(literal(v) for v in row)});\n')


def main():
    demo = sqlite3.connect(sys.argv[1])
    out = sys.stdout
    out.write("PRAGMA defer_foreign_keys=TRUE;\n")
    out.write("CREATE TABLE d1_migrations(\n\t\tid         INTEGER PRIMARY KEY AUTOINCREMENT,\n"
              "\t\tname       TEXT UNIQUE,\n\t\tapplied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL\n);\n")
    for row in [(1, "0001_init.sql", "2026-09-17 09:00:00"), (2, "0002_notes.sql", "2026-09-17 09:00:01")]:
        insert(out, "d1_migrations", ["id", "name", "applied_at"], row)
    out.write("CREATE TABLE survey_options (\n  id INTEGER PRIMARY KEY,\n  content TEXT NOT NULL,\n"
              "  section TEXT NOT NULL,\n  created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,\n"
              "  emoji TEXT\n);\n")
    for index, row in enumerate(demo.execute("SELECT id, content, section, created_at FROM survey_options ORDER BY id")):
        insert(out, "survey_options", ["id", "content", "section", "created_at", "emoji"],
               row + (["🍚", None, "🧹", "📚", "🛋️", "📱", "🚽"][index],))
    out.write("CREATE TABLE votes (\n  id INTEGER PRIMARY KEY,\n"
              "  option_id INTEGER NOT NULL REFERENCES survey_options(id),\n  session_id TEXT NOT NULL,\n"
              "  created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,\n  ip_hash BLOB,\n  user_agent TEXT\n);\n")
    for row in demo.execute("SELECT id, option_id, session_id, created_at FROM votes ORDER BY id"):
        vote_id = row[0]
        ip_hash = bytes([(vote_id * 37 + k) % 256 for k in range(4)]) if vote_id % 4 else None
        agent = "Mozilla/5.0 (iPhone; 'quoted')" if vote_id % 3 == 0 else "curl/8.5"
        insert(out, "votes", ["id", "option_id", "session_id", "created_at", "ip_hash", "user_agent"],
               row + (ip_hash, agent))
    out.write("CREATE TABLE suggestions (\n  id INTEGER PRIMARY KEY,\n  session_id TEXT,\n  content TEXT NOT NULL,\n"
              "  status TEXT NOT NULL DEFAULT 'pending',\n  created_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP\n);\n")
    for row in demo.execute("SELECT id, session_id, content, status, created_at FROM suggestions ORDER BY id"):
        insert(out, "suggestions", ["id", "session_id", "content", "status", "created_at"], row)
    out.write('CREATE TABLE IF NOT EXISTS "page views" (\n  id INTEGER PRIMARY KEY AUTOINCREMENT,\n'
              "  path TEXT NOT NULL,\n  referrer TEXT,\n  load_ms REAL\n);\n")
    views = [(1, "/", None, 120.5), (2, "/vote", "https://example.com/a;b", 98.25),
             (3, "/notes", "line one\r\nline two", -0.5), (4, "/?q=it's", "", 1e-7)]
    for row in views:
        insert(out, "page views", ["id", "path", "referrer", "load_ms"], row)
    out.write("DELETE FROM sqlite_sequence;\n")
    insert(out, "sqlite_sequence", ["name", "seq"], ("d1_migrations", 2))
    insert(out, "sqlite_sequence", ["name", "seq"], ("page views", 9))
    out.write("CREATE INDEX idx_votes_session ON votes(session_id);\n")
    out.write('CREATE INDEX "idx page views path" ON "page views"(path);\n')
    out.write("CREATE TRIGGER votes_count_views AFTER INSERT ON votes\nBEGIN\n"
              "  UPDATE \"page views\" SET load_ms = load_ms WHERE id = 1;\nEND;\n")
    out.write("CREATE VIEW option_totals AS SELECT option_id, count(*) AS votes FROM votes GROUP BY option_id;")


if __name__ == "__main__":
    main()
