import Foundation
import TallySQLite

/// One committed state of a database: every figure of a report (and every week of a weekly run)
/// comes from it, so the numbers always belong together even while the vote page or `tally notes`
/// writes to the file.
///
/// It is a plain read transaction on the caller's connection (`BEGIN`, then a read, which is when
/// SQLite takes the snapshot; https://sqlite.org/lang_transaction.html). When a lock keeps the
/// read from starting after the connection's busy timeout, it tries again with a random backoff
/// (up to 50 ms) and stops after `patience`, with `DatabaseError.keptChanging`. Nothing is ever
/// written to the file, and its journal mode is never changed.
package final class ReadSnapshot {
    /// The connection every statement runs on.
    package let connection: Connection

    private init(connection: Connection) { self.connection = connection }

    /// How long to keep trying to start the read before giving up.
    static let patience: TimeInterval = 10

    /// Runs `body` on one committed state of `db`'s file.
    ///
    /// When `db` is already inside a transaction (the caller's), that transaction is the snapshot.
    /// - Throws: `DatabaseError.keptChanging` when a lock kept the read from starting for
    ///   `patience` seconds, or what `body` throws.
    package static func read<T>(_ db: Connection, _ body: (ReadSnapshot) throws -> T) throws -> T {
        try read(db, patience: patience, body)
    }

    /// `read(_:_:)` with another patience (tests).
    static func read<T>(_ db: Connection, patience: TimeInterval, _ body: (ReadSnapshot) throws -> T) throws -> T {
        guard db.isAutocommit else { return try body(ReadSnapshot(connection: db)) }
        let deadline = Date().addingTimeInterval(patience)
        var attempt = 0
        while try !begin(db) {
            attempt += 1
            release(db)
            guard Date() < deadline else {
                throw DatabaseError.keptChanging(db.path, attempts: attempt, seconds: patience)
            }
            // Random backoff, so a writer that commits at a steady pace is not met at the same moment each time.
            usleep(UInt32.random(in: 0...UInt32(min(50, 1 << min(attempt, 6)) * 1_000)))
        }
        defer {
            // COMMIT, not ROLLBACK: temporary objects a report made on `db` (SchemaCheck) stay for its next report.
            if (try? db.execute("COMMIT")) == nil { release(db) }
        }
        return try body(ReadSnapshot(connection: db))
    }

    /// `BEGIN` and one read of the schema table, which is what takes the SHARED lock (rollback
    /// journal) or fixes the snapshot (WAL); a deferred `BEGIN` alone takes nothing. False when busy.
    private static func begin(_ connection: Connection) throws -> Bool {
        do {
            try connection.execute("BEGIN DEFERRED")
            _ = try connection.scalar("SELECT count(*) FROM sqlite_schema")
            return true
        } catch let error as SQLiteError where error.isBusy {
            return false
        }
    }

    /// Ends a read transaction, if one is open; a read transaction has nothing to lose.
    private static func release(_ connection: Connection) {
        if !connection.isAutocommit { try? connection.execute("ROLLBACK") }
    }
}
