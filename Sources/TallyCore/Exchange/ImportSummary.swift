/// What an import produced, for the command to print.
public struct ImportSummary: Equatable, Sendable {
    /// One table of the new database and its rows.
    public struct Table: Equatable, Sendable {
        /// The table's name as the schema spells it.
        public let name: String
        /// Rows in the table after the import and the migrations.
        public let rows: Int64
        /// True for tables the dump did not have and tally's migrations created.
        public let addedByTally: Bool
    }

    /// Rows whose foreign key points at nothing (`PRAGMA foreign_key_check`).
    public struct DanglingReferences: Equatable, Sendable {
        /// The table holding the references.
        public let table: String
        /// The table they should point into.
        public let parent: String
        /// How many rows point at nothing there.
        public let rows: Int64
    }

    /// A trigger that tally's own writes fire and that writes to other tables.
    public struct TriggerWrites: Equatable, Sendable {
        /// The trigger's name.
        public let trigger: String
        /// The table it is defined on, which tally writes.
        public let table: String
        /// `INSERT` or `UPDATE`: tally's write that fires it.
        public let event: String
        /// What tally is doing then ("records a decision").
        public let purpose: String
        /// The other tables its program writes (directly or through the triggers it fires).
        public let writes: [String]
    }

    /// Every table of the new database by name (SQLite's internal tables left out).
    public var tables: [Table]
    /// Rows the dump inserted.
    public var rowsInserted: Int64
    /// Statements read from the dump (including the ones recognised and skipped).
    public var statements: Int
    /// Migrations tally applied after the load (empty when the dump was up to date).
    public var migrationsApplied: [String]
    /// Migration names in the dump's ledger that are not tally's (the vote page's own).
    public var foreignMigrations: [String]
    /// Foreign keys the loaded rows break; D1 would refuse such rows.
    public var danglingReferences: [DanglingReferences]
    /// Triggers of the file that write elsewhere when tally writes (to review before the first decision).
    public var triggersWritingElsewhere: [TriggerWrites] = []
}
