import CSQLite

extension Connection {
    /// Prepares the first statement of SQL text held in memory as UTF-8 bytes,
    /// without making a String of it.
    ///
    /// This is how a long stream of statements (a dump file) is run one at a
    /// time: prepare, step, then continue after `consumed` bytes. Leading
    /// whitespace and comments are skipped by SQLite itself.
    ///
    /// For speed, end the text with a NUL byte and include it in the buffer:
    /// SQLite then reads the bytes in place instead of copying them
    /// (https://sqlite.org/c3ref/prepare.html, the `nByte` parameter).
    ///
    /// - Returns: the statement, or nil when only whitespace and comments remain,
    ///   and how many bytes of `text` it took (the statement and what precedes it).
    /// - Throws: `SQLiteError` when SQLite rejects the statement (a syntax error,
    ///   a missing table, or a refusal by the authorizer: `SQLITE_AUTH`). The
    ///   error carries no SQL: the caller knows where in its input it was.
    package func prepareFirst(in text: UnsafeRawBufferPointer) throws -> (statement: Statement?, consumed: Int) {
        guard let base = text.baseAddress, text.count > 0 else { return (nil, 0) }
        let start = base.assumingMemoryBound(to: CChar.self)
        var statement: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        let rc = sqlite3_prepare_v2(handle, start, Int32(clamping: text.count), &statement, &tail)
        guard rc == SQLITE_OK else { throw lastError(sql: nil) }
        let consumed = tail.map { UnsafeRawPointer($0) - UnsafeRawPointer(start) } ?? text.count
        guard let statement else { return (nil, consumed) }
        return (Statement(handle: statement, connection: self, sql: nil), consumed)
    }
}
