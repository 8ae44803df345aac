import CSQLite

/// How a transaction takes its locks (https://sqlite.org/lang_transaction.html).
package enum TransactionKind: String, Sendable {
    /// Takes locks on first use; can fail later with SQLITE_BUSY on upgrade.
    case deferred = "DEFERRED"
    /// Takes the write lock at once, so two writers queue instead of deadlocking.
    case immediate = "IMMEDIATE"
    /// Like immediate; in WAL mode the same.
    case exclusive = "EXCLUSIVE"
}

extension Connection {
    /// Runs `body` in a transaction: commits when it returns, rolls back when it throws.
    ///
    /// The default is `BEGIN IMMEDIATE`, which takes the write lock up front so a
    /// read-then-write (compare-and-set) cannot be overtaken by another writer.
    /// When COMMIT itself fails (e.g. busy), the transaction is rolled back too,
    /// so the connection is never left inside a half-finished transaction.
    /// Called inside a transaction, it nests with a SAVEPOINT, so its part alone
    /// is undone when `body` throws.
    package func transaction<T>(_ kind: TransactionKind = .immediate, _ body: () throws -> T) throws -> T {
        if !isAutocommit { return try savepoint(body) }
        try execute("BEGIN \(kind.rawValue)")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            if !isAutocommit { _ = sqlite3_exec(handle, "ROLLBACK", nil, nil, nil) }
            throw error
        }
    }

    private func savepoint<T>(_ body: () throws -> T) throws -> T {
        try execute("SAVEPOINT tally_nested")
        do {
            let result = try body()
            try execute("RELEASE tally_nested")
            return result
        } catch {
            _ = sqlite3_exec(handle, "ROLLBACK TO tally_nested; RELEASE tally_nested", nil, nil, nil)
            throw error
        }
    }
}
