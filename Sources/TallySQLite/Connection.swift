import CSQLite

/// One open SQLite database connection.
///
/// The connection owns its handle and closes it in `deinit`; statements keep
/// their connection alive, so a handle is never closed under a live statement.
/// Extended result codes are on, a busy timeout is set, and foreign keys are
/// enforced on writable connections, as D1 always does.
///
/// A connection is not thread-safe (it is opened with `SQLITE_OPEN_NOMUTEX`):
/// use it from one thread at a time. It is deliberately not `Sendable`.
package final class Connection {
    /// How to open the file.
    package enum OpenMode: Sendable, Equatable {
        /// Read only: the file must exist; nothing can be written through this connection.
        case readOnly
        /// Read and write an existing file.
        case readWrite
        /// Read and write, creating the file when it does not exist.
        case create
    }

    /// The path this connection was opened with (`:memory:` for an in-memory database).
    package let path: String
    /// The mode this connection was opened with.
    package let mode: OpenMode
    let handle: OpaquePointer
    /// Keeps the installed authorizer closure alive while SQLite holds a pointer to it.
    var authorizerBox: CallbackBox<(AuthorizerRequest) -> AuthorizerDecision>?
    /// Keeps the installed progress handler alive while SQLite holds a pointer to it.
    var progressBox: CallbackBox<() -> Bool>?

    /// The busy timeout every connection gets when it is opened, in milliseconds
    /// (https://sqlite.org/c3ref/busy_timeout.html).
    package static let defaultBusyTimeout: Int32 = 5_000

    /// Opens a database.
    ///
    /// - Parameters:
    ///   - path: a file path, or `:memory:`.
    ///   - mode: read-only, read-write, or create.
    ///   - busyTimeout: how long to wait for another connection's lock, in milliseconds.
    /// - Throws: `SQLiteError` when the file cannot be opened or is not a database.
    package init(path: String, mode: OpenMode = .readOnly, busyTimeout: Int32 = Connection.defaultBusyTimeout) throws {
        _ = Connection.libraryConfigured
        var flags = SQLITE_OPEN_NOMUTEX
        switch mode {
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        case .readWrite: flags |= SQLITE_OPEN_READWRITE
        case .create: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        }
        var opened: OpaquePointer?
        let rc = sqlite3_open_v2(path, &opened, flags, nil)
        guard let db = opened else {
            throw SQLiteError(code: rc, message: "cannot allocate a connection for \(path)")
        }
        // From here on every failure path closes the handle before throwing.
        func fail(_ sql: String? = nil) -> SQLiteError {
            let error = SQLiteError(
                code: sqlite3_extended_errcode(db), message: String(cString: sqlite3_errmsg(db)), sql: sql)
            sqlite3_close_v2(db)
            return error
        }
        guard rc == SQLITE_OK else { throw fail() }
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, busyTimeout)
        // Reading the schema forces SQLite to read the file header, so a file
        // that is not a database fails here (SQLITE_NOTADB) and not later.
        let probe = "SELECT count(*) FROM sqlite_schema"
        guard sqlite3_exec(db, probe, nil, nil, nil) == SQLITE_OK else { throw fail(probe) }
        if mode != .readOnly {
            let pragma = "PRAGMA foreign_keys = ON"
            guard sqlite3_exec(db, pragma, nil, nil, nil) == SQLITE_OK else { throw fail(pragma) }
        }
        self.handle = db
        self.path = path
        self.mode = mode
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Process-wide settings, made once before the first connection opens
    /// (SQLite accepts them only before it initialises itself).
    ///
    /// Memory statistics are off: tally never reads them, and keeping them
    /// takes a global mutex on every allocation SQLite makes — about a fifth
    /// of the time spent preparing the million small INSERTs of an import
    /// (https://sqlite.org/c3ref/c_config_covering_index_scan.html#sqliteconfigmemstatus).
    /// If SQLite was initialised already (another library in the process),
    /// the call is refused and nothing changes.
    static let libraryConfigured: Bool = tally_config_memory_statistics(0) == SQLITE_OK

    /// Prepares one statement. Trailing text after the first statement is an error,
    /// so a value can never smuggle in a second statement.
    package func prepare(_ sql: String) throws -> Statement {
        var statement: OpaquePointer?
        var trailing = false
        let rc = sql.withCString { start -> Int32 in
            var tail: UnsafePointer<CChar>?
            let rc = sqlite3_prepare_v2(handle, start, -1, &statement, &tail)
            if rc == SQLITE_OK, let tail, !Connection.onlyComments(tail) { trailing = true }
            return rc
        }
        guard rc == SQLITE_OK else { throw lastError(sql: sql) }
        guard let statement else {
            throw SQLiteError(code: SQLITE_MISUSE, message: "no SQL statement to prepare", sql: sql)
        }
        if trailing {
            sqlite3_finalize(statement)
            throw SQLiteError(
                code: SQLITE_MISUSE, message: "more than one statement given where one was expected", sql: sql)
        }
        return Statement(handle: statement, connection: self, sql: sql)
    }

    /// Runs one statement with bound values, stepping until it is done.
    package func execute(_ sql: String, _ values: [SQLValue] = []) throws {
        let statement = try prepare(sql)
        try statement.bind(values)
        while try statement.step() {}
    }

    /// Runs a statement and collects every row.
    package func query(_ sql: String, _ values: [SQLValue] = []) throws -> [Row] {
        let statement = try prepare(sql)
        try statement.bind(values)
        var rows: [Row] = []
        while try statement.step() { rows.append(statement.row()) }
        return rows
    }

    /// Runs a statement and returns the first column of its first row, or nil when there is no row.
    package func scalar(_ sql: String, _ values: [SQLValue] = []) throws -> SQLValue? {
        let statement = try prepare(sql)
        try statement.bind(values)
        return try statement.step() ? statement.value(at: 0) : nil
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    package var changes: Int { Int(sqlite3_changes64(handle)) }

    /// The rowid of the last successful INSERT on this connection.
    package var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// True outside an explicit transaction.
    package var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }

    /// True when the main database cannot be written through this connection
    /// (opened read-only, or SQLite fell back to read-only because the file is write-protected).
    package var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    /// True when the main database file was renamed over or unlinked since this
    /// connection opened it (`SQLITE_FCNTL_HAS_MOVED`, https://sqlite.org/c3ref/c_fcntl_begin_atomic_write.html).
    ///
    /// A writer that finds this true inside its transaction is about to write into a
    /// file nobody will read again (`tally pull` renamed a new database into place),
    /// so it must stop instead of losing its write.
    package var hasMoved: Bool {
        var moved: Int32 = 0
        let rc = sqlite3_file_control(handle, "main", SQLITE_FCNTL_HAS_MOVED, &moved)
        return rc == SQLITE_OK && moved != 0
    }

    /// The SQLite library version in use, e.g. "3.40.1".
    package static var libraryVersion: String { String(cString: sqlite3_libversion()) }

    func lastError(sql: String?) -> SQLiteError {
        SQLiteError(
            code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }

    /// True when the NUL-terminated text is nothing but SQL comments and whitespace.
    static func onlyComments(_ pointer: UnsafePointer<CChar>) -> Bool {
        var count = 0
        while pointer[count] != 0 { count += 1 }
        return SQLText.firstToken(in: UnsafeRawBufferPointer(start: pointer, count: count)) == nil
    }
}

/// Holds a closure SQLite calls back (an authorizer, a progress handler) alive while SQLite keeps an
/// unretained pointer to it.
final class CallbackBox<Callback> {
    let call: Callback
    init(_ call: Callback) { self.call = call }
}

@available(*, unavailable, message: "A Connection must be used from one thread at a time.")
extension Connection: Sendable {}
