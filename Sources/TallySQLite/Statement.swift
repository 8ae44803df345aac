import CSQLite

/// `SQLITE_TRANSIENT`: tells SQLite to copy bound text and blobs (the C macro is not imported).
let transientDestructor = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A prepared statement. It finalizes itself in `deinit`.
package final class Statement {
    @usableFromInline let handle: OpaquePointer
    /// The connection, kept alive as long as this statement lives.
    package let connection: Connection
    /// The text given when preparing, when the caller had it as a String already.
    private let givenSQL: String?

    /// The statement's SQL text as prepared.
    ///
    /// Statements prepared from a byte buffer do not copy their text into a
    /// String up front (an import prepares millions of them); SQLite keeps the
    /// text (`sqlite3_sql`) and it is read here only when asked for.
    package var sql: String {
        if let givenSQL { return givenSQL }
        return sqlite3_sql(handle).map { String(cString: $0) } ?? ""
    }

    init(handle: OpaquePointer, connection: Connection, sql: String?) {
        self.handle = handle
        self.connection = connection
        self.givenSQL = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// How many `?` parameters the statement takes.
    package var parameterCount: Int { Int(sqlite3_bind_parameter_count(handle)) }

    /// True when the statement does not write to the database.
    package var isReadOnly: Bool { sqlite3_stmt_readonly(handle) != 0 }

    /// True for an `EXPLAIN` or `EXPLAIN QUERY PLAN` statement: stepping it
    /// describes the statement instead of running it.
    package var isExplain: Bool { sqlite3_stmt_isexplain(handle) != 0 }

    /// Resets the statement and binds all its parameters at once.
    ///
    /// - Throws: when the number of values differs from the number of parameters.
    package func bind(_ values: [SQLValue]) throws {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        guard values.count == parameterCount else {
            throw SQLiteError(
                code: SQLITE_RANGE,
                message: "statement takes \(parameterCount) parameter(s) but \(values.count) were given",
                sql: sql)
        }
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    /// Binds one value to the 1-based parameter `index`.
    package func bind(_ value: SQLValue, at index: Int32) throws {
        let rc: Int32
        switch value {
        case .null: rc = sqlite3_bind_null(handle, index)
        case .integer(let number): rc = sqlite3_bind_int64(handle, index, number)
        case .real(let number): rc = sqlite3_bind_double(handle, index, number)
        case .text(let text):
            // The UTF-8 byte count, not -1: with -1 SQLite stops at the first NUL, and a NUL inside
            // user text (a note "a\0b") would be cut short. The bridged C string holds every byte.
            rc = sqlite3_bind_text64(
                handle, index, text, sqlite3_uint64(text.utf8.count), transientDestructor, UInt8(SQLITE_UTF8))
        case .blob(let bytes):
            rc = bytes.withUnsafeBytes { buffer in
                sqlite3_bind_blob64(
                    handle, index, buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!,
                    sqlite3_uint64(buffer.count), transientDestructor)
            }
        }
        guard rc == SQLITE_OK else { throw connection.lastError(sql: sql) }
    }

    /// Advances the statement: `true` when a row is ready to read, `false` when done.
    package func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = connection.lastError(sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Binds the values and steps until done.
    package func execute(_ values: [SQLValue] = []) throws {
        try bind(values)
        while try step() {}
    }

    // MARK: Reading columns of the current row

    /// Number of columns in a result row.
    package var columnCount: Int { Int(sqlite3_column_count(handle)) }

    /// The name of a result column.
    package func columnName(at index: Int) -> String {
        String(cString: sqlite3_column_name(handle, Int32(index)))
    }

    /// True when the column holds NULL.
    package func isNull(at index: Int) -> Bool { column(at: index).isNull }

    /// The column's storage class, SQLite's `typeof()`. Ask before reading the value in another
    /// form (`text(at:)` on a BLOB, …): SQLite's answer is undefined after a conversion.
    package func storageClass(at index: Int) -> StorageClass { column(at: index).storageClass }

    /// The column of the current row as a value to read several times or in several forms
    /// (one column lookup instead of one per call; see `ColumnValue`). Valid until the next step.
    @inlinable
    package func column(at index: Int) -> ColumnValue {
        // sqlite3_column_value never returns NULL for a row being read (out of range: a NULL value).
        ColumnValue(sqlite3_column_value(handle, Int32(index))!)
    }

    /// The column as an integer (SQLite's conversion rules apply; NULL reads as 0).
    package func int64(at index: Int) -> Int64 {
        sqlite3_column_int64(handle, Int32(index))
    }

    /// The column as a double (NULL reads as 0).
    package func double(at index: Int) -> Double {
        sqlite3_column_double(handle, Int32(index))
    }

    /// The column as text, or nil for NULL.
    package func text(at index: Int) -> String? {
        guard let bytes = sqlite3_column_text(handle, Int32(index)) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, Int32(index)))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// Calls `body` with the column's UTF-8 bytes without copying them (empty for NULL).
    /// The buffer is valid only during the call.
    package func withTextBytes<T>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        try column(at: index).withTextBytes(body)
    }

    /// The column as bytes, or nil for NULL.
    package func blob(at index: Int) -> [UInt8]? {
        guard sqlite3_column_type(handle, Int32(index)) != SQLITE_NULL else { return nil }
        let count = Int(sqlite3_column_bytes(handle, Int32(index)))
        guard count > 0, let raw = sqlite3_column_blob(handle, Int32(index)) else { return [] }
        return Array(UnsafeRawBufferPointer(start: raw, count: count))
    }

    /// The column as a typed value, following its storage class.
    package func value(at index: Int) -> SQLValue {
        switch sqlite3_column_type(handle, Int32(index)) {
        case SQLITE_INTEGER: return .integer(int64(at: index))
        case SQLITE_FLOAT: return .real(double(at: index))
        case SQLITE_TEXT: return .text(text(at: index) ?? "")
        case SQLITE_BLOB: return .blob(blob(at: index) ?? [])
        default: return .null
        }
    }

    /// The current row, copied out as values.
    package func row() -> Row {
        let count = columnCount
        var names: [String] = []
        var values: [SQLValue] = []
        names.reserveCapacity(count)
        values.reserveCapacity(count)
        for index in 0..<count {
            names.append(columnName(at: index))
            values.append(value(at: index))
        }
        return Row(columns: names, values: values)
    }
}

@available(*, unavailable, message: "A Statement belongs to its connection's thread.")
extension Statement: Sendable {}
