/// What a statement of a dump is, as told by everything SQLite's authorizer
/// saw it do while preparing it — never by its text.
package enum DumpStatement: Equatable, Sendable {
    /// The dump's `BEGIN TRANSACTION` (sqlite3 .dump). Not run: the importer
    /// owns one transaction over the whole file.
    case begin
    /// The dump's `COMMIT`. Not run, for the same reason.
    case commit
    /// wrangler's `PRAGMA defer_foreign_keys=TRUE`. Not run: foreign keys are
    /// off during the load and checked once after it.
    case deferForeignKeys
    /// sqlite3 .dump's `PRAGMA foreign_keys=OFF`. Not run: they are off already.
    case foreignKeysOff
    /// `CREATE TABLE`, `INDEX`, `TRIGGER` or `VIEW`; `kind` is "table", "index", "trigger" or "view".
    case create(kind: String, name: String)
    /// `INSERT INTO` a table, with literal values.
    case insert(table: String)
    /// `DELETE FROM sqlite_sequence` (before the dump restores the AUTOINCREMENT counters).
    case clearSequence
    /// `ANALYZE sqlite_schema`: creates or clears the planner's statistics
    /// tables, which the dump then fills.
    case statistics

    /// True for statements the importer runs; false for the dump's own
    /// transaction control and pragmas, which it recognises and skips.
    package var runs: Bool {
        switch self {
        case .begin, .commit, .deferForeignKeys, .foreignKeysOff: return false
        case .create, .insert, .clearSequence, .statistics: return true
        }
    }
}
