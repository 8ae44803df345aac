import TallySQLite

/// The tables and columns the vote page writes and every analysis reads. A
/// database may hold more (extra columns, extra tables); it may not hold less.
package enum SchemaContract {
    /// Each contract table with the columns tally reads from it.
    package static let tables: [(name: String, columns: [String])] = [
        ("survey_options", ["id", "content", "section", "created_at"]),
        ("votes", ["id", "option_id", "session_id", "created_at"]),
        ("suggestions", ["id", "session_id", "content", "status", "created_at"]),
    ]

    /// What the database lacks, one phrase per table, e.g. `no table suggestions`
    /// or `votes has no column session_id`; empty when the contract holds.
    /// Names compare without regard to case, as SQLite's do.
    package static func missing(in db: Connection) throws -> [String] {
        var problems: [String] = []
        for (table, columns) in tables {
            let type = try db.scalar(
                "SELECT type FROM sqlite_schema WHERE lower(name) = lower(?) AND type IN ('table', 'view')",
                [.text(table)])?.string
            guard let type else {
                problems.append("no table \(table)")
                continue
            }
            guard type == "table" else {
                problems.append("\(table) is a view, not a table")
                continue
            }
            let present = Set(
                try db.query("SELECT lower(name) FROM pragma_table_info(?)", [.text(table)]).compactMap { $0[0].string }
            )
            let absent = columns.filter { !present.contains($0) }
            if !absent.isEmpty {
                problems.append("\(table) has no column " + absent.joined(separator: ", "))
            }
        }
        return problems
    }
}
