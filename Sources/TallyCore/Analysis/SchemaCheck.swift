import TallySQLite

/// The tables and columns the report reads: the schema contract (required), and
/// tally's own moderation record — the link from a promoted note to its option
/// and `moderation_log` — which a vote page's own database does not have.
/// Extra tables and columns are ignored.
package enum SchemaCheck {
    /// Checks the contract, then makes a database without tally's moderation record readable
    /// as it is: this connection gets a temporary `suggestions` view with a NULL
    /// `promoted_option_id` (temporary objects live outside the file, and unqualified names
    /// find them first, so every query reads the view and the file is not touched).
    /// Returns false when the moderation record is not available.
    /// Throws `AnalysisError.schemaMismatch` naming every missing table and column of the contract.
    @discardableResult
    package static func prepare(_ db: Connection) throws -> Bool {
        try verify(db)
        // In the file itself: a second report on this connection finds the temporary view and table first.
        let hasLink =
            try db.scalar(
                "SELECT count(*) FROM pragma_table_info('suggestions', 'main') WHERE lower(name) = 'promoted_option_id'"
            )?.int64 ?? 0
        let hasLog = try db.scalar("SELECT count(*) FROM pragma_table_info('moderation_log', 'main')")?.int64 ?? 0
        if hasLink == 0 {
            try db.execute(
                "CREATE TEMP VIEW IF NOT EXISTS suggestions AS SELECT *, NULL AS promoted_option_id FROM main.suggestions"
            )
        }
        return hasLink > 0 && hasLog > 0
    }

    /// Throws `AnalysisError.schemaMismatch` naming every missing table and column.
    package static func verify(_ db: Connection) throws {
        var missingTables: [String] = []
        var missingColumns: [String] = []
        let columns = try db.prepare("SELECT name FROM pragma_table_info(?)")
        for (table, wanted) in SchemaContract.tables {
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
