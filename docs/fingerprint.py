#!/usr/bin/env python3
"""Recomputes the data fingerprint (tally.fingerprint/2) that ends every tally report and weekly page.

    python3 docs/fingerprint.py votes.sqlite                     # a report without --through
    python3 docs/fingerprint.py votes.sqlite 2026-09-25T23:59:59.999+08:00

The second argument is the report's "counted until" time (--through) exactly as the
JSON report prints it. Prints the rows, highest ids and the SHA-256; the SHA-256 must
equal the report's. docs/fingerprint.md describes the encoding; this file is its
executable form, and the test suite checks that it agrees with tally.
Only the Python standard library is used.
"""
import calendar
import datetime
import hashlib
import re
import sqlite3
import struct
import sys

SCHEME = b"tally.fingerprint/2"

# A stored time read as UTC and normalised (the same check as queries/*.sql); NULL when unreadable.
TIME = ("CASE WHEN {c} GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9][ T][0-9][0-9]:[0-9][0-9]*' "
        "AND instr(substr({c}, 17), ' ') = 0 AND substr({c}, 1, 4) <> '0000' "
        "AND datetime(julianday({c})) = datetime({c}) THEN strftime('%Y-%m-%d %H:%M:%f', {c}) END")


def varint(n):
    """Zigzag (0, -1, 1, -2 ... -> 0, 1, 2, 3 ...), then unsigned LEB128: 7 bits a byte, low bits first."""
    z = n << 1 if n >= 0 else ((-n) << 1) - 1
    out = bytearray()
    while z >= 0x80:
        out.append((z & 0x7F) | 0x80)
        z >>= 7
    out.append(z)
    return bytes(out)


def value(v):
    """00 NULL; 01 + varint: an integer; 02 + varint length + the bytes: text as UTF-8."""
    if v is None:
        return b"\x00"
    if isinstance(v, int):
        return b"\x01" + varint(v)
    return b"\x02" + varint(len(v)) + v


D1_TIME = re.compile(rb"(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)")


def time_value(v):
    """A stored time: exactly D1's 'YYYY-MM-DD HH:MM:SS' (a real date and time) is 03 + varint of its
    seconds since 1970 UTC; any other text is written as text, NULL as NULL."""
    match = D1_TIME.fullmatch(v) if v is not None else None
    if match:
        try:
            fields = datetime.datetime(*(int(x) for x in match.groups()))
        except ValueError:
            fields = None
        if fields is not None:
            return b"\x03" + varint(calendar.timegm(fields.timetuple()))
    return value(v)


def counted(t, through):
    """A row counts when there is no --through, its time cannot be read, or it is not after --through."""
    return through is None or t is None or t <= through


def day_number(t):
    """The UTC day of a normalised time ('YYYY-MM-DD HH:MM:SS.SSS'), as days since 1970-01-01."""
    return datetime.date.fromisoformat(t[:10].decode()).toordinal() - datetime.date(1970, 1, 1).toordinal()


def fingerprint(path, through_text=None):
    db = sqlite3.connect("file:" + path + "?mode=ro", uri=True)
    db.text_factory = bytes
    through = None
    if through_text is not None:
        through = db.execute("SELECT strftime('%Y-%m-%d %H:%M:%f', ?)", (through_text,)).fetchone()[0]
    has_log = db.execute("SELECT count(*) FROM pragma_table_info('moderation_log')").fetchone()[0] > 0
    tables = {}
    latest = [None]

    def seen(name, row_id, t):
        rows, highest = tables.get(name, (0, None))
        tables[name] = (rows + 1, row_id if highest is None else max(highest, row_id))
        if t is not None and (latest[0] is None or t > latest[0]):
            latest[0] = t

    # Options, by id.
    options = hashlib.sha256()
    for row in db.execute("SELECT id, CAST(content AS TEXT), CAST(section AS TEXT), CAST(created_at AS TEXT), "
                          + TIME.format(c="created_at") + " FROM survey_options ORDER BY id"):
        if counted(row[4], through):
            seen("survey_options", row[0], row[4])
            options.update(b"O" + value(row[0]) + value(row[1]) + value(row[2]) + time_value(row[3]))

    # Moderation log entries, by note; a note's status then is the latest decision by --through,
    # else the status before its first later decision; a note without entries keeps its stored one.
    log = []
    if has_log:
        log = db.execute("SELECT id, CAST(suggestion_id AS INTEGER), CAST(action AS TEXT), CAST(from_status AS TEXT), "
                         "CAST(to_status AS TEXT), CAST(moderator AS TEXT), CAST(reason AS TEXT), "
                         "CAST(created_at AS TEXT), CAST(version AS INTEGER), CAST(option_id AS INTEGER), "
                         + TIME.format(c="created_at") + " FROM moderation_log ORDER BY id").fetchall()
    by_note = {}
    for entry in sorted(log, key=lambda e: (e[1] is None, e[1] or 0, e[8] is None, e[8] or 0)):
        by_note.setdefault(entry[1], []).append(entry)

    def stored_status(status):
        return b"approved" if status == b"promoted" else status

    notes = hashlib.sha256()
    for row in db.execute("SELECT id, CAST(session_id AS TEXT), CAST(content AS TEXT), CAST(status AS TEXT), "
                          "CAST(created_at AS TEXT), CAST(promoted_option_id AS INTEGER), "
                          + TIME.format(c="created_at") + " FROM suggestions ORDER BY id"):
        if not counted(row[6], through):
            continue
        status, promoted = row[3], row[5]
        entries = by_note.get(row[0], [])
        if through is not None and entries:
            before = [e for e in entries if counted(e[10], through)]
            status = stored_status(before[-1][4] if before else entries[0][3])
            promotions = [e for e in before if e[2] == b"promote"]
            promoted = promotions[-1][9] if promotions else None
        seen("suggestions", row[0], row[6])
        notes.update(b"N" + value(row[0]) + value(row[1]) + value(row[2]) + value(status) + time_value(row[4])
                     + value(promoted))

    decisions = hashlib.sha256()
    for entry in log:
        if counted(entry[10], through):
            seen("moderation_log", entry[0], entry[10])
            decisions.update(b"L" + b"".join(value(v) for v in entry[:7]) + time_value(entry[7]) + value(entry[8])
                             + value(entry[9]))

    # Votes, read in the report's order (sessions in byte order of their id, a session's votes by
    # stored time, option and id), each written to the stream of its UTC day, or of the votes whose
    # time cannot be read (None); an S record first whenever another session starts in a stream.
    streams = {}
    last_session = {}
    serial = 0
    previous = None
    for session, vote_id, option_id, created_at, t in db.execute(
            "SELECT coalesce(CAST(session_id AS TEXT), CAST('' AS TEXT)), id, CAST(option_id AS INTEGER), "
            "CAST(created_at AS TEXT), " + TIME.format(c="created_at") + " FROM votes "
            "ORDER BY session_id COLLATE BINARY, created_at, option_id, id"):
        if not counted(t, through):
            continue
        if session != previous:
            serial += 1
            previous = session
        day = None if t is None else day_number(t)
        stream = streams.setdefault(day, hashlib.sha256())
        if last_session.get(day) != serial:
            stream.update(b"S" + value(session))
            last_session[day] = serial
        seen("votes", vote_id, t)
        stream.update(b"V" + value(vote_id) + value(option_id) + time_value(created_at))

    # The chain: the unreadable stream's digest, then for each day in order SHA-256 of the chain,
    # the day's number and the day's digest.
    chain = streams.pop(None, hashlib.sha256()).digest()
    for day in sorted(streams):
        chain = hashlib.sha256(chain + varint(day) + streams[day].digest()).digest()
    whole = hashlib.sha256(SCHEME + b"\n" + options.digest() + notes.digest() + decisions.digest() + chain)
    for name in ("votes", "survey_options", "suggestions", "moderation_log"):
        rows, highest = tables.get(name, (0, None))
        print("%s %d %s" % (name, rows, "-" if highest is None else highest))
    print("latest %s" % (latest[0].decode() if latest[0] else "-"))
    print("sha256 %s" % whole.hexdigest())


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    fingerprint(sys.argv[1], sys.argv[2] if len(sys.argv) == 3 else None)
