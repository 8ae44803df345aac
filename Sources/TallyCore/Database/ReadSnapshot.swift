import Foundation
import TallySQLite

/// One committed state of a database, read through one connection or several: every figure of a
/// report (and every week of a weekly run) comes from it, so the numbers always belong together
/// even while the vote page or `tally notes` writes to the file (issue 12, item 6).
///
/// With one connection this is a plain read transaction (`BEGIN`, then a read, which is when
/// SQLite takes the snapshot; https://sqlite.org/lang_transaction.html). The parallel vote scan
/// needs one connection per thread, and SQLite 3.40 as shipped here has no
/// `sqlite3_snapshot_open` (not compiled with SQLITE_ENABLE_SNAPSHOT), so the extra connections
/// are made to see the same state in another way:
///
/// - **Rollback journal.** Every connection begins its read transaction *before* any figure is
///   read, the extra ones with a busy timeout of 0. While one connection holds its SHARED lock no
///   writer can commit, so all see the state as of the first lock. A writer that has reached
///   PENDING (waiting to commit) refuses every new SHARED lock while it waits for ours: waiting
///   there would deadlock until the busy timeout, so an extra connection that gets BUSY makes
///   every connection let go, the writer commits, and the locks are taken again.
/// - **WAL.** Readers never block a writer, so each connection's snapshot is the state at its
///   own first read. A separate connection reads `PRAGMA data_version` before the first and after
///   the last of them; the same value twice means no other connection committed in between, so
///   all started on the same state. Otherwise all let go and try again.
///
/// Retries back off (up to 50 ms) and stop after `patience`, with `DatabaseError.keptChanging`.
/// Nothing is ever written to the file, and its journal mode is never changed.
public final class ReadSnapshot {
    /// The connection the caller gave; every statement but the parallel vote scan runs on it.
    public let connection: Connection
    /// Read-only connections to the same file, each inside a read transaction on the same state
    /// as `connection`; empty when everything is read on `connection`.
    let readers: [Connection]

    private init(connection: Connection, readers: [Connection]) {
        self.connection = connection
        self.readers = readers
    }

    /// The page cache of each extra reader, in KiB (SQLite's default is 2,000). A reader walks one
    /// range of an index once, in order: each page is read once and only the path from the root
    /// is used again, so a large cache only holds pages that are never read twice. With the
    /// default the two readers of a weekly run over 10M votes held 4 MB of pages at its peak.
    static let readerCacheKiB = 256

    /// How long to keep trying to take the locks together before giving up.
    static let patience: TimeInterval = 10

    /// Runs `body` on one committed state of `db`'s file.
    ///
    /// - Parameters:
    ///   - readers: how many extra read-only connections `body` reads through in parallel; 0 or 1
    ///     reads everything on `db`. An in-memory database always has none.
    /// - Throws: `DatabaseError.keptChanging` when writers kept the connections from starting on
    ///   one state for `patience` seconds, or what `body` throws.
    ///
    /// When `db` is already inside a transaction (the caller's), that transaction is the snapshot
    /// and nothing is read on other connections: they could not see the caller's own changes.
    public static func read<T>(_ db: Connection, readers count: Int = 0, _ body: (ReadSnapshot) throws -> T) throws
        -> T
    {
        try read(db, readers: count, patience: patience, body)
    }

    /// `read(_:readers:_:)` with another patience (tests).
    static func read<T>(
        _ db: Connection, readers count: Int, patience: TimeInterval, _ body: (ReadSnapshot) throws -> T
    ) throws -> T {
        guard db.isAutocommit else { return try body(ReadSnapshot(connection: db, readers: [])) }
        let inMemory = db.path.isEmpty || db.path == ":memory:"
        var readers: [Connection] = []
        var sentinel: Connection?
        if count > 1, !inMemory {
            readers = try (0..<count).map { _ in
                let reader = try DatabaseFile.openForReading(db.path)
                try reader.execute("PRAGMA cache_size = -\(readerCacheKiB)")
                return reader
            }
            sentinel = try DatabaseFile.openForReading(db.path)
            // A busy sentinel is one more failed attempt: the backoff below is its wait.
            sentinel?.setBusyTimeout(0)
        }
        try lockTogether(db, readers, sentinel: sentinel, patience: patience)
        defer {
            for reader in readers { release(reader) }
            // COMMIT, not ROLLBACK: temporary objects a report made on `db` (SchemaCheck) stay for its next report.
            if (try? db.execute("COMMIT")) == nil { release(db) }
        }
        return try body(ReadSnapshot(connection: db, readers: readers))
    }

    /// Begins a read transaction on every connection, all on the same committed state.
    private static func lockTogether(
        _ db: Connection, _ readers: [Connection], sentinel: Connection?, patience: TimeInterval
    ) throws {
        let deadline = Date().addingTimeInterval(patience)
        var attempt = 0
        while true {
            attempt += 1
            let locked: Bool
            do {
                locked = try lockOnce(db, readers, sentinel: sentinel)
            } catch {
                for connection in readers + [db] { release(connection) }
                throw error
            }
            if locked { return }
            for connection in readers + [db] { release(connection) }
            guard Date() < deadline else {
                throw DatabaseError.keptChanging(db.path, attempts: attempt, seconds: patience)
            }
            // Random backoff, so a writer that commits at a steady pace is not met at the same moment each time.
            usleep(UInt32.random(in: 0...UInt32(min(50, 1 << min(attempt, 6)) * 1_000)))
        }
    }

    /// One try: true when every connection is in a read transaction on one state; false when a
    /// lock was busy or (WAL) a commit came in between. Other errors are thrown.
    private static func lockOnce(_ db: Connection, _ readers: [Connection], sentinel: Connection?) throws -> Bool {
        var before: Int64?
        if let sentinel {
            do { before = try dataVersion(sentinel) } catch let error as SQLiteError where error.isBusy { return false }
        }
        // `db` waits for its busy timeout like any statement: nothing of ours is locked yet.
        guard try begin(db) else { return false }
        guard let sentinel, let before else { return true }
        for reader in readers {
            reader.setBusyTimeout(0)
            defer { reader.setBusyTimeout(Connection.defaultBusyTimeout) }
            guard try begin(reader) else { return false }
        }
        // Under a rollback journal the SHARED lock already held on `db` keeps every writer from committing.
        let mode = try db.scalar("PRAGMA journal_mode")?.string?.lowercased()
        guard mode == "wal" else { return true }
        return try dataVersion(sentinel) == before
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

    /// Changes whenever another connection commits between two reads on `sentinel`
    /// (https://sqlite.org/pragma.html#pragma_data_version); each read is its own transaction.
    private static func dataVersion(_ sentinel: Connection) throws -> Int64? {
        try sentinel.scalar("PRAGMA data_version")?.int64
    }

    /// Ends a read transaction, if one is open; a read transaction has nothing to lose.
    private static func release(_ connection: Connection) {
        if !connection.isAutocommit { try? connection.execute("ROLLBACK") }
    }
}
