import TallySQLite

/// What a moderator saw of a note when deciding: its text, author session and creation time.
///
/// A decision applies only to the note the moderator read. The note's id, status and version
/// do not say that: D1 may edit a note's text, or delete a note and give its id to a new one,
/// without a logged decision. So each decision carries the *seen key*, an encoding of the three
/// columns as stored, computed by the very same SQL expression on the local copy (`SQLite`) and
/// on D1 (SQLite too). The push's guarded SQL, its verification query and the pull's replay all
/// compare keys; nothing compares text in Swift.
///
/// A column of at most `exactBytes` bytes is encoded exactly, `typeof(x) || ':' || hex(x)`: equal
/// keys mean byte-for-byte equal values of the same storage class. A longer one (a spammer's 50 KB
/// note) would make a guard past D1's 100 KB statement limit, so it is encoded as its storage
/// class, byte length and a 62-bit digest of its bytes that D1 computes itself (D1 has no hash
/// function: `ColumnDigest` is a recursive query over plain arithmetic, `instr` and `substr`).
package struct SeenNote: Sendable, Equatable {
    /// The seen key (see the type's documentation).
    package let key: String
    /// The note's text as it read (for messages).
    package let content: String

    /// The longest column encoded exactly, in bytes: three such columns in hex keep a promotion's
    /// two guarded statements within one 128 KiB request.
    package static let exactBytes = 8_192

    /// The columns of `suggestions` the key covers, in order.
    static let columns = ["content", "session_id", "created_at"]

    /// The SQL expression of the seen key over a `suggestions` row; `prefix` qualifies the columns
    /// (`"s."`). The same text runs locally and on D1.
    package static func keySQL(_ prefix: String = "") -> String {
        columns.map { column in
            let value = prefix + column
            return "CASE WHEN length(CAST(\(value) AS BLOB)) > \(exactBytes) "
                + "THEN typeof(\(value)) || ':digest:' || \(ColumnDigest.sql(of: value)) "
                + "ELSE \(exactSQL(value)) END"
        }.joined(separator: " || '|' || ")
    }

    /// The exact encoding of every column, whatever its length: equal to `keySQL` wherever every
    /// column is at most `exactBytes` long, and to no key with a digest part.
    static func exactKeySQL(_ prefix: String = "") -> String {
        columns.map { exactSQL(prefix + $0) }.joined(separator: " || '|' || ")
    }

    private static func exactSQL(_ value: String) -> String { "typeof(\(value)) || ':' || hex(\(value))" }

    /// True when a column of the note is encoded by its digest.
    package var hasDigest: Bool { key.contains(":digest:") }

    /// What a moderator is shown to carry back with a decision (a page form, `notes show`'s
    /// `--expect`): the first 16 hex digits of the key's SHA-256, short enough to type and still a
    /// 64-bit match, so another note with the same id is refused as `ModerationError.noteChanged`.
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

    /// The SQL condition "this row is still the note the moderator saw" (for guarded statements).
    /// A key without a digest part is compared by the exact encoding alone, which does not carry
    /// the digest's query: the same answer (a longer column makes it differ either way) in fewer bytes.
    func condition(_ prefix: String = "") -> String {
        "(\(hasDigest ? Self.keySQL(prefix) : Self.exactKeySQL(prefix))) = \(DecisionSQL.literal(key))"
    }
}

extension SeenNote {
    /// Ledger layout 2 keyed every column by its hex, however long: each such key in
    /// `tally_sync_decisions` gets the digest form its column has now, computed by the same SQL
    /// from the very bytes the hex holds, so the note decided on stays the same note.
    static func rekeyLongColumns(in db: Connection) throws {
        let rows = try db.query(
            "SELECT seq, seen_key FROM tally_sync_decisions WHERE length(seen_key) > \(2 * exactBytes)")
        for row in rows {
            guard let seq = row[0].int64, let key = row[1].storedText else { continue }
            let parts = try key.split(separator: "|", omittingEmptySubsequences: false).map { part in
                try rekeyed(String(part), in: db)
            }
            try db.execute(
                "UPDATE tally_sync_decisions SET seen_key = ? WHERE seq = ?",
                [.text(parts.joined(separator: "|")), .integer(seq)])
        }
    }

    /// One column's `type:HEX`, in the form `keySQL` gives it now.
    private static func rekeyed(_ part: String, in db: Connection) throws -> String {
        guard let colon = part.firstIndex(of: ":") else { return part }
        let type = String(part[..<colon])
        let hex = Array(part[part.index(after: colon)...].utf8)
        guard hex.count > 2 * exactBytes, hex.count % 2 == 0, type == "text" || type == "blob" else { return part }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(hex.count / 2)
        for index in stride(from: 0, to: hex.count, by: 2) {
            guard let high = hexValue(hex[index]), let low = hexValue(hex[index + 1]) else { return part }
            bytes.append(high << 4 | low)
        }
        let value = type == "text" ? "CAST(? AS TEXT)" : "?"
        return try db.scalar(
            "SELECT typeof(v) || ':digest:' || \(ColumnDigest.sql(of: "v")) FROM (SELECT \(value) AS v)",
            [.blob(bytes)])?.storedText ?? part
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
