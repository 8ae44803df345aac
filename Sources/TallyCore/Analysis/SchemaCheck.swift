import TallySQLite

/// The tables and columns the report reads: the schema contract plus the link
/// from a promoted note to its option. Extra tables and columns are ignored.
public enum SchemaCheck {
    /// Required columns per table, in the order they are reported when missing.
    public static let required: [(table: String, columns: [String])] = [
        ("survey_options", ["id", "content", "section", "created_at"]),
        ("votes", ["id", "option_id", "session_id", "created_at"]),
        ("suggestions", ["id", "session_id", "content", "status", "created_at", "promoted_option_id"]),
    ]

    /// Throws `AnalysisError.schemaMismatch` naming every missing table and column.
    public static func verify(_ db: Connection) throws {
        var missingTables: [String] = []
        var missingColumns: [String] = []
        let columns = try db.prepare("SELECT name FROM pragma_table_info(?)")
        for (table, wanted) in required {
            try columns.bind([.text(table)])
            var present: Set<String> = []
            while try columns.step() {
                if let name = columns.text(at: 0) { present.insert(name.lowercased()) }
            }
            if present.isEmpty {
                missingTables.append(table)
                continue
            }
            missingColumns += wanted.filter { !present.contains($0) }.map { "\(table).\($0)" }
        }
        if !missingTables.isEmpty || !missingColumns.isEmpty {
            throw AnalysisError.schemaMismatch(missingTables: missingTables, missingColumns: missingColumns)
        }
    }
}
