import TallySQLite

/// Why migrating failed. Whatever the case, the database is left exactly as it was.
package enum MigrationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The ledger lists tally migrations this build does not know.
    case databaseNewer(unknown: [String])
    /// A statement of a migration file failed.
    case failed(file: String, line: Int, statement: String, message: String)
    /// A migration's columns are already in the schema, yet `d1_migrations` does not list it: the
    /// schema was applied by hand (`wrangler d1 execute --file`). `record` are the files to record.
    case appliedWithoutLedger(file: String, message: String, record: [String])

    package var description: String {
        switch self {
        case .databaseNewer(let names):
            return "the database was migrated by a newer tally: d1_migrations lists "
                + names.joined(separator: ", ")
                + ", which this build does not know; upgrade tally before changing this database"
        case .failed(let file, let line, let statement, let message):
            return "migration \(file) failed at line \(line): \(message)\n  statement: \(statement)\n"
                + "  nothing was changed"
        case .appliedWithoutLedger(let file, let message, let record):
            let values = record.map { "('\($0)')" }.joined(separator: ", ")
            let sql =
                "CREATE TABLE IF NOT EXISTS d1_migrations(id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, "
                + "applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL); "
                + "INSERT OR IGNORE INTO d1_migrations (name) VALUES \(values)"
            return "the schema already holds what migration \(file) adds (\(message)), but d1_migrations does not "
                + "list it: tally's schema was applied by hand (e.g. `wrangler d1 execute --file`), so neither tally "
                + "nor `wrangler d1 migrations apply` can apply it again; nothing was changed. Record the files "
                + "already applied where the data comes from, then run the command again: on D1, "
                + "`wrangler d1 execute DB --remote --command \"\(sql)\"`; on a local file, `sqlite3 FILE \"\(sql)\"`"
        }
    }
}

/// What the ledger says about a database.
package struct MigrationStatus: Equatable, Sendable {
    /// Names already recorded in `d1_migrations`, in ledger order.
    package var applied: [String]
    /// Known migrations not yet applied, in order.
    package var pending: [String]
    /// Recorded tally migrations this build does not know (the database is newer).
    package var unknown: [String]
    /// Recorded names outside tally's series (e.g. the vote page's own migrations).
    package var foreign: [String]
}

/// Applies migrations and keeps the `d1_migrations` ledger exactly as
/// `wrangler d1 migrations apply` does, so both tools agree on what is applied.
package struct Migrator: Sendable {
    /// wrangler's ledger table, column for column.
    package static let ledgerDDL = """
        CREATE TABLE IF NOT EXISTS d1_migrations(
        \tid         INTEGER PRIMARY KEY AUTOINCREMENT,
        \tname       TEXT UNIQUE,
        \tapplied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
        );
        """

    package let migrations: [Migration]

    package init(migrations: [Migration] = Migration.all) {
        self.migrations = migrations.sorted { $0.name < $1.name }
    }

    /// Reads the ledger without changing anything (a missing ledger means nothing applied).
    package func status(of db: Connection) throws -> MigrationStatus {
        let hasLedger =
            try db.scalar("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'd1_migrations'")?
            .int64 == 1
        let applied =
            hasLedger ? try db.query("SELECT name FROM d1_migrations ORDER BY id").compactMap { $0[0].string } : []
        let known = Set(migrations.map(\.name))
        let appliedSet = Set(applied)
        return MigrationStatus(
            applied: applied,
            pending: migrations.map(\.name).filter { !appliedSet.contains($0) },
            unknown: applied.filter { !known.contains($0) && Migration.isTallyName($0) },
            foreign: applied.filter { !known.contains($0) && !Migration.isTallyName($0) })
    }

    /// Applies every pending migration in one `BEGIN IMMEDIATE` transaction,
    /// recording each file name in `d1_migrations`. Returns the names applied
    /// (empty when up to date: running it twice changes nothing).
    ///
    /// All or nothing: when any statement fails, everything — the ledger table
    /// included — is rolled back and the error names the file and statement.
    @discardableResult
    package func migrate(_ db: Connection) throws -> [String] {
        try db.transaction(.immediate) {
            let before = try status(of: db)
            guard before.unknown.isEmpty else { throw MigrationError.databaseNewer(unknown: before.unknown) }
            guard !before.pending.isEmpty else { return [] }
            try db.execute(Migrator.ledgerDDL)
            let pending = Set(before.pending)
            var applied: [String] = []
            for migration in migrations where pending.contains(migration.name) {
                do {
                    try db.executeScript(migration.sql)
                } catch let error as ScriptError where error.underlying.message.hasPrefix("duplicate column name") {
                    throw MigrationError.appliedWithoutLedger(
                        file: migration.name, message: error.underlying.message,
                        record: before.pending.filter { $0 <= migration.name })
                } catch let error as ScriptError {
                    throw MigrationError.failed(
                        file: migration.name, line: error.line, statement: error.statement,
                        message: error.underlying.message)
                }
                try db.execute("INSERT INTO d1_migrations (name) VALUES (?)", [.text(migration.name)])
                applied.append(migration.name)
            }
            return applied
        }
    }
}
