import TallySQLite

/// What a moderator saw of a note when deciding: its text, author session and creation time.
///
/// A decision applies only to the note the moderator read. The note's id, status and version
/// do not say that: D1 may edit a note's text, or delete a note and give its id to a new one,
/// without a logged decision. So each decision carries the *seen key*, an exact encoding of the
/// three columns as stored (`typeof(x) || ':' || hex(x)` each, joined by `|`), computed by the
/// very same SQL expression on the local copy (`SQLite`) and on D1 (SQLite too): equal keys mean
/// byte-for-byte equal values of the same storage class. The push's guarded SQL, its
/// verification query and the pull's replay all compare keys; nothing compares text in Swift.
package struct SeenNote: Sendable, Equatable {
    /// The seen key (see the type's documentation).
    package let key: String
    /// The note's text as it read (for messages).
    package let content: String

    /// A seen note; see the properties.
    package init(key: String, content: String) {
        self.key = key
        self.content = content
    }

    /// The SQL expression of the seen key over a `suggestions` row; `prefix` qualifies the columns
    /// (`"s."`). The same text runs locally and on D1.
    package static func keySQL(_ prefix: String = "") -> String {
        ["content", "session_id", "created_at"].map { "typeof(\(prefix)\($0)) || ':' || hex(\(prefix)\($0))" }
            .joined(separator: " || '|' || ")
    }

    /// The note `id` as this database holds it now, or nil when there is no such note.
    static func current(_ id: Int64, in db: Connection) throws -> SeenNote? {
        try db.query("SELECT \(keySQL()), content FROM suggestions WHERE id = ?", [.integer(id)]).first.map {
            SeenNote(key: $0[0].storedText ?? "", content: $0[1].storedText ?? "")
        }
    }

    /// The SQL condition "this row is still the note the moderator saw" (for guarded statements).
    func condition(_ prefix: String = "") -> String {
        "(\(Self.keySQL(prefix))) = \(DecisionSQL.literal(key))"
    }
}
