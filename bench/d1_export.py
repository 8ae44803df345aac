#!/usr/bin/env python3
"""Writes an SQLite database as `wrangler d1 export` writes a D1 database.

Used by bench/run to turn a generated vote database into the file `tally import`
and the sqlite3 shell both read. The format follows the D1 facts in the brief and
Tests/Fixtures/d1-export-demo.sql:

- `PRAGMA defer_foreign_keys=TRUE;` first, and no BEGIN/COMMIT anywhere;
- each table (in schema order; names starting with `sqlite_` or `_cf_` skipped) as its
  CREATE TABLE (`IF NOT EXISTS` added when the name is quoted), then one
  `INSERT INTO "t" ("c1","c2") VALUES(...);` per row, in rowid order;
- text with line breaks as `replace('a\\nb','\\n',char(10))`, blobs as `X'..'`;
- `DELETE FROM sqlite_sequence;` and its rows when the database has AUTOINCREMENT tables;
- then the indexes, triggers and views.

Usage: bench/d1_export.py DATABASE OUTPUT [--rows-limit N]
With --rows-limit, the file stops after N INSERT statements (a prefix of the full
export, for timing the sqlite3 shell committing row by row).
"""
import argparse
import sqlite3
import sys


def quote_identifier(name):
    return '"' + name.replace('"', '""') + '"'


def literal(value):
    if value is None:
        return "NULL"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, bytes):
        return "X'" + value.hex() + "'"
    text = "'" + value.replace("'", "''") + "'"
    # Line breaks are written as escapes the way wrangler writes them, so every
    # statement stays on one line.
    if "\r" in value:
        text = "replace(" + text.replace("\r", "\\r") + ",'\\r',char(13))"
    if "\n" in value:
        text = "replace(" + text.replace("\n", "\\n") + ",'\\n',char(10))"
    return text


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("database")
    parser.add_argument("output")
    parser.add_argument("--rows-limit", type=int, default=None)
    args = parser.parse_args()

    db = sqlite3.connect(f"file:{args.database}?mode=ro", uri=True)
    db.text_factory = str
    schema = db.execute("SELECT type, name, sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY rowid").fetchall()
    rows_written = 0
    with open(args.output, "w", encoding="utf-8", newline="\n") as out:
        write = out.write
        write("PRAGMA defer_foreign_keys=TRUE;\n")
        for kind, name, sql in schema:
            if kind != "table" or name.startswith("sqlite_") or name.startswith("_cf_"):
                continue
            if sql.startswith('CREATE TABLE "'):
                sql = "CREATE TABLE IF NOT EXISTS " + sql[len("CREATE TABLE "):]
            write(sql + ";\n")
            columns = [row[1] for row in db.execute(f"PRAGMA table_info({quote_identifier(name)})")]
            prefix = (
                f"INSERT INTO {quote_identifier(name)} ("
                + ",".join(quote_identifier(column) for column in columns)
                + ") VALUES("
            )
            select = "SELECT " + ",".join(quote_identifier(c) for c in columns) + f" FROM {quote_identifier(name)}"
            try:
                cursor = db.execute(select + " ORDER BY rowid")
            except sqlite3.OperationalError:  # a WITHOUT ROWID table
                cursor = db.execute(select)
            for row in cursor:
                if args.rows_limit is not None and rows_written >= args.rows_limit:
                    return
                write(prefix + ",".join(literal(value) for value in row) + ");\n")
                rows_written += 1
        if any(kind == "table" and name == "sqlite_sequence" for kind, name, _ in schema):
            write("DELETE FROM sqlite_sequence;\n")
            for name, seq in db.execute("SELECT name, seq FROM sqlite_sequence ORDER BY rowid"):
                write(f'INSERT INTO "sqlite_sequence" ("name","seq") VALUES({literal(name)},{literal(seq)});\n')
        for wanted in ("index", "trigger", "view"):
            for kind, name, sql in schema:
                if kind == wanted:
                    write(sql + ";\n")


if __name__ == "__main__":
    sys.exit(main())
