/// What an import produced, for the command to print.
package struct ImportSummary: Equatable, Sendable {
    /// One table of the new database and its rows.
    package struct Table: Equatable, Sendable {
        /// The table's name as the schema spells it.
        package let name: String
        /// Rows in the table after the import and the migrations.
        package let rows: Int64
        /// True for tables the dump did not have and tally's migrations created.
        package let addedByTally: Bool
    }

    /// Rows whose foreign key points at nothing (`PRAGMA foreign_key_check`).
    package struct DanglingReferences: Equatable, Sendable {
        /// The table holding the references.
        package let table: String
        /// The table they should point into.
        package let parent: String
        /// How many rows point at nothing there.
        package let rows: Int64
    }

    /// A trigger that tally's own writes fire and that writes to other tables.
    package struct TriggerWrites: Equatable, Sendable {
        package let trigger: String
        /// The table it is defined on, which tally writes.
        package let table: String
        /// `INSERT` or `UPDATE`: tally's write that fires it.
        package let event: String
        /// What tally is doing then ("records a decision").
        package let purpose: String
        /// The other tables its program writes (directly or through the triggers it fires).
        package let writes: [String]
    }

    /// Every table of the new database by name (SQLite's internal tables left out).
    package var tables: [Table]
    /// Rows the dump inserted.
    package var rowsInserted: Int64
    /// Statements read from the dump (including the ones recognised and skipped).
    package var statements: Int
    /// Migrations tally applied after the load (empty when the dump was up to date).
    package var migrationsApplied: [String]
    /// Migration names in the dump's ledger that are not tally's (the vote page's own).
    package var foreignMigrations: [String]
    /// Foreign keys the loaded rows break; D1 would refuse such rows.
    package var danglingReferences: [DanglingReferences]
    /// Triggers of the file that write elsewhere when tally writes (to review before the first decision).
    package var triggersWritingElsewhere: [TriggerWrites] = []
}
