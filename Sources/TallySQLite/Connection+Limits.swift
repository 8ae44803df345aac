import CSQLite

/// A run-time limit of one connection (https://sqlite.org/c3ref/limit.html).
package enum SQLiteLimit: Sendable {
    /// The largest string or blob, in bytes (`SQLITE_LIMIT_LENGTH`).
    case length
    /// The longest SQL statement, in bytes (`SQLITE_LIMIT_SQL_LENGTH`).
    case sqlLength

    var code: Int32 {
        switch self {
        case .length: return SQLITE_LIMIT_LENGTH
        case .sqlLength: return SQLITE_LIMIT_SQL_LENGTH
        }
    }
}

extension Connection {
    /// Lowers (or reads, with a negative value) one of the connection's limits;
    /// returns the value it had before. SQLite never raises a limit above its
    /// compile-time maximum.
    @discardableResult
    package func setLimit(_ limit: SQLiteLimit, to value: Int32) -> Int32 {
        sqlite3_limit(handle, limit.code, value)
    }

    /// The current value of a limit.
    package func limit(_ limit: SQLiteLimit) -> Int32 {
        sqlite3_limit(handle, limit.code, -1)
    }

    /// Hardens the connection for SQL that comes from outside, as SQLite's
    /// "defense against dark arts" advises (https://sqlite.org/security.html):
    ///
    /// - `SQLITE_DBCONFIG_DEFENSIVE`: no `PRAGMA writable_schema` edits of the
    ///   schema table, no writes to shadow tables, no journal tricks;
    /// - `SQLITE_DBCONFIG_TRUSTED_SCHEMA` off: functions and virtual tables with
    ///   side effects cannot be used from views, triggers, CHECK or DEFAULT
    ///   expressions that the file itself defines.
    ///
    /// - Throws: `SQLiteError` when the library refuses either setting.
    package func harden() throws {
        for (option, on) in [(SQLITE_DBCONFIG_DEFENSIVE, Int32(1)), (SQLITE_DBCONFIG_TRUSTED_SCHEMA, Int32(0))] {
            let rc = tally_db_config_flag(handle, option, on)
            guard rc == SQLITE_OK else {
                throw SQLiteError(code: rc, message: "cannot set database option \(option)")
            }
        }
    }
}
