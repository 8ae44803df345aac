import TallySQLite

/// The fields of one kind of fingerprint record, by column name, in the order they are hashed
/// (docs/fingerprint.md). Resolved once against a prepared statement's result columns, so rows are
/// read by name without a lookup per row, and a query that stops returning a column fails with a
/// message instead of hashing whatever column took its place.
struct CanonicalLayout {
    /// How a field's value is encoded.
    enum Encoding {
        /// An integer, or NULL.
        case integer
        /// Text as UTF-8 (SQLite's conversion for other storage classes), or NULL.
        case text
        /// A stored time: seconds when in D1's exact form, else its text.
        case time
    }

    let tag: CanonicalBytes.Tag
    /// The table the rows are from, as the fingerprint names it.
    let table: String
    /// Where the rows come from, for messages (`survey_options`, `queries/notes.sql`).
    let source: String
    let fields: [(column: String, encoding: Encoding)]

    /// The column names in hash order.
    var columns: [String] { fields.map(\.column) }

    static let option = CanonicalLayout(
        tag: .option, table: "survey_options", source: "survey_options",
        fields: [("id", .integer), ("content", .text), ("section", .text), ("created_at", .time)])

    /// The rows of `queries/notes.sql`: each note as it stood at `through`.
    static let note = CanonicalLayout(
        tag: .note, table: "suggestions", source: "queries/notes.sql",
        fields: [
            ("id", .integer), ("session_id", .text), ("content", .text), ("status", .text), ("created_at", .time),
            ("promoted_option_id", .integer),
        ])

    /// Kept apart from `ModerationLogEntry`'s columns on purpose: this order is part of the hash and
    /// must not follow changes made for moderation.
    static let log = CanonicalLayout(
        tag: .log, table: "moderation_log", source: "moderation_log",
        fields: [
            ("id", .integer), ("suggestion_id", .integer), ("action", .text), ("from_status", .text),
            ("to_status", .text), ("moderator", .text), ("reason", .text), ("created_at", .time),
            ("version", .integer), ("option_id", .integer),
        ])

    /// Columns of a layout that a statement does not return, named `source.column`.
    struct MissingColumns: Error, Equatable {
        let columns: [String]
    }

    /// This layout against the columns `statement` returns.
    func resolved(in statement: Statement) throws(MissingColumns) -> Resolved {
        var positions: [String: Int] = [:]
        for index in 0..<statement.columnCount { positions[statement.columnName(at: index)] = index }
        let missing = columns.filter { positions[$0] == nil }
        guard missing.isEmpty else { throw MissingColumns(columns: missing.map { "\(source).\($0)" }) }
        return Resolved(
            tag: tag, fields: fields.map { (positions[$0.column]!, $0.encoding) }, id: positions["id"]!,
            time: positions["created_at"]!)
    }

    /// A layout whose columns are positions of one statement.
    struct Resolved {
        let tag: CanonicalBytes.Tag
        let fields: [(index: Int, encoding: Encoding)]
        /// The position of `id` and of `created_at`, which the fingerprint also reads on their own.
        let id: Int
        let time: Int

        /// Writes the statement's current row as one record.
        func write(_ statement: Statement, to records: inout CanonicalRecords) {
            records.write { bytes in
                bytes.tag(tag)
                for field in fields {
                    switch field.encoding {
                    case .integer: bytes.integer(statement, field.index)
                    case .text: bytes.text(statement, field.index)
                    case .time: bytes.time(statement, field.index)
                    }
                }
            }
        }
    }
}
