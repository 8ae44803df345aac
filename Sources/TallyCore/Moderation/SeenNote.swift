import TallySQLite

/// What a moderator saw of a note when deciding: its text, author session and creation time.
///
/// A decision applies only to the note the moderator read. The note's id, status and version
/// do not say that: D1 may edit a note's text, or delete a note and give its id to a new one,
/// without a logged decision. So each decision carries the *seen key*, the three columns as stored,
/// exactly: `typeof(x) || ':' || hex(x)` each, computed by the same SQL expression on the local copy
/// and on D1. Equal keys mean byte-for-byte equal values of the same storage class, however long.
///
/// The push's guarded SQL and its verification query check the key on D1 (`Check`): a column of at
/// most `exactBytes` bytes by its hex, a longer one (a spammer's 50 KB note, whose hex would make a
/// guard past D1's 100 KB statement limit) by its storage class and a `ColumnDigest` under a
/// `DigestKey` drawn fresh for that push, which nobody can match with another text in advance.
/// Nothing compares text in Swift.
package struct SeenNote: Sendable, Equatable {
    /// The seen key (see the type's documentation).
    package let key: String
    /// The note's text as it read (for messages).
    package let content: String

    /// The longest column a check on D1 compares by its hex, in bytes: three such columns in hex keep
    /// a promotion's two guarded statements within one 128 KiB request.
    package static let exactBytes = 8_192

    /// The columns of `suggestions` the key covers, in order.
    static let columns = ["content", "session_id", "created_at"]

    /// The SQL expression of the seen key over a `suggestions` row; `prefix` qualifies the columns
    /// (`"s."`). The same text runs locally and on D1.
    package static func keySQL(_ prefix: String = "") -> String {
        columns.map { exactSQL(prefix + $0) }.joined(separator: " || '|' || ")
    }

    private static func exactSQL(_ value: String) -> String { "typeof(\(value)) || ':' || hex(\(value))" }

    /// True for a key of ledger layout 3 that holds a long column only by that layout's fixed digest,
    /// whose bytes the upgrade could not find again: no check can tell that note from a forged one.
    package var hasDigest: Bool { key.contains(":digest:") }

    /// What a moderator is shown to carry back with a decision (a page form, `notes show`'s
    /// `--expect`): the first 16 hex digits of the key's SHA-256, short enough to type and still a
    /// 64-bit match of the exact bytes, so another note with the same id is refused as
    /// `ModerationError.noteChanged`.
    package var digest: String { Self.digest(ofKey: key) }

    /// The digest of a seen key (see `digest`).
    package static func digest(ofKey key: String) -> String {
        String(SHA256.hex(SHA256.hash(Array(key.utf8))).prefix(digestLength))
    }

    /// How many hex digits a digest has.
    package static let digestLength = 16

    /// The note `id` as this database holds it now, or nil when there is no such note.
    package static func current(_ id: Int64, in db: Connection) throws -> SeenNote? {
        try db.query("SELECT \(keySQL()), content FROM suggestions WHERE id = ?", [.integer(id)]).first.map {
            SeenNote(key: $0[0].storedText ?? "", content: $0[1].storedText ?? "")
        }
    }

    /// How D1 checks that a row is still this note, under one check's key.
    package struct Check: Sendable, Equatable {
        /// What `expression` gives for this note.
        package let expected: String
        /// Per column (`columns`), true when it is longer than `exactBytes`: compared by its keyed digest.
        package let long: [Bool]
        /// The key of the check.
        package let digestKey: DigestKey

        /// The SQL expression D1 evaluates over a `suggestions` row (`prefix` qualifies the columns):
        /// each column's hex, or, for a column `long` marks, its storage class and keyed digest when it
        /// is longer than `exactBytes` (its hex otherwise). A value that is not the note's differs
        /// either way; the digest's query is carried only where a note needs it.
        package static func expression(_ prefix: String = "", key: DigestKey, long: [Bool]) -> String {
            zip(columns, long).map { column, isLong in
                let value = prefix + column
                guard isLong else { return exactSQL(value) }
                return "CASE WHEN length(CAST(\(value) AS BLOB)) > \(exactBytes) "
                    + "THEN typeof(\(value)) || ':keyed:' || \(ColumnDigest.sql(of: value, key: key)) "
                    + "ELSE \(exactSQL(value)) END"
            }.joined(separator: " || '|' || ")
        }

        /// The SQL condition "this row is still the note the moderator saw" (for guarded statements).
        package func condition(_ prefix: String = "") -> String {
            "(\(Self.expression(prefix, key: digestKey, long: long))) = \(DecisionSQL.literal(expected))"
        }
    }

    /// The check of this note under `key`: a long column's keyed digest is computed here, in `db`,
    /// by the very expression D1 runs, over the bytes the key holds.
    package func check(key digestKey: DigestKey, in db: Connection) throws -> Check {
        var long: [Bool] = []
        var parts: [String] = []
        for part in key.split(separator: "|", omittingEmptySubsequences: false) {
            guard let (type, bytes) = Self.decoded(part), bytes.count > Self.exactBytes else {
                parts.append(String(part))
                long.append(false)
                continue
            }
            long.append(true)
            let value = type == "text" ? "CAST(? AS TEXT)" : "?"
            let digest =
                try db.scalar(
                    "SELECT \(ColumnDigest.sql(of: "v", key: digestKey)) FROM (SELECT \(value) AS v)", [.blob(bytes)]
                )?.storedText ?? ""
            parts.append("\(type):keyed:\(digest)")
        }
        return Check(expected: parts.joined(separator: "|"), long: long, digestKey: digestKey)
    }

    /// A column's `type:HEX` as its storage class and bytes (text or blob only; nil otherwise).
    static func decoded(_ part: Substring) -> (String, [UInt8])? {
        guard let colon = part.firstIndex(of: ":") else { return nil }
        let type = String(part[..<colon])
        let hex = Array(part[part.index(after: colon)...].utf8)
        guard type == "text" || type == "blob", hex.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(hex.count / 2)
        for index in stride(from: 0, to: hex.count, by: 2) {
            guard let high = hexValue(hex[index]), let low = hexValue(hex[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return (type, bytes)
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

extension SeenNote {
    /// Ledger layout 3 kept a column longer than `exactBytes` only as a fixed public digest (which
    /// another text can match). Each such key in `tally_sync_decisions` gets its exact form back
    /// where the ledger holds the bytes it was made from (`seen_content`, the text read, whose
    /// layout-3 digest must equal the stored one); a key whose bytes are not there keeps its digest
    /// part, and a push refuses it (`hasDigest`).
    static func restoreExactKeys(in db: Connection) throws {
        let rows = try db.query("SELECT seq, seen_key FROM tally_sync_decisions WHERE seen_key LIKE '%:digest:%'")
        for row in rows {
            guard let seq = row[0].int64, let key = row[1].storedText else { continue }
            var parts = key.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == columns.count, parts[0].contains(":digest:") else { continue }
            let exact = try db.query(
                "SELECT CASE WHEN typeof(seen_content) || ':digest:' || \(ColumnDigest.layout3SQL(of: "seen_content")) "
                    + "= ? THEN \(exactSQL("seen_content")) END FROM tally_sync_decisions WHERE seq = ?",
                [.text(parts[0]), .integer(seq)]
            ).first?[0].storedText
            guard let exact else { continue }
            parts[0] = exact
            try db.execute(
                "UPDATE tally_sync_decisions SET seen_key = ? WHERE seq = ?",
                [.text(parts.joined(separator: "|")), .integer(seq)])
        }
    }
}
