import CSQLite

/// An error reported by SQLite, or by this layer about its use of SQLite.
///
/// It keeps the *extended* result code (https://sqlite.org/rescode.html),
/// SQLite's own message and the SQL that failed. Bound values are never part
/// of it: they are user data (votes, notes) and do not belong in logs.
package struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The extended result code, e.g. `SQLITE_CONSTRAINT_UNIQUE` (2067).
    package let code: Int32
    /// SQLite's message (`sqlite3_errmsg`) or this layer's explanation.
    package let message: String
    /// The statement that failed, when there was one.
    package let sql: String?

    package init(code: Int32, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// The primary result code (the low byte of the extended code), e.g. `SQLITE_CONSTRAINT`.
    package var primaryCode: Int32 { code & 0xFF }

    /// True when another connection holds a lock we needed (`SQLITE_BUSY` or `SQLITE_LOCKED`).
    package var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }

    /// True when a read-only connection met what a writer stopped mid-transaction left (a hot rollback journal,
    /// `SQLITE_READONLY_ROLLBACK`, or a WAL index to rebuild, `SQLITE_READONLY_RECOVERY`): only a connection that
    /// may write can roll it back (https://sqlite.org/rescode.html#readonly_rollback).
    package var needsAWriterToRecover: Bool { code == 8 | (3 << 8) || code == 8 | (1 << 8) }

    /// True when the file is not a database (`SQLITE_NOTADB`): its header is not SQLite's.
    package var isNotADatabase: Bool { primaryCode == SQLITE_NOTADB }

    /// True when an authorizer denied the statement (`SQLITE_AUTH`): what it would have done was refused.
    package var isDenied: Bool { primaryCode == SQLITE_AUTH }

    /// True for any constraint violation (UNIQUE, NOT NULL, CHECK, FOREIGN KEY, trigger RAISE).
    package var isConstraint: Bool { primaryCode == SQLITE_CONSTRAINT }

    /// SQLite's short English name for the code, e.g. "constraint failed".
    package var codeDescription: String { String(cString: sqlite3_errstr(code)) }

    package var description: String {
        var text = "SQLite error \(code) (\(codeDescription)): \(message)"
        if let sql { text += " — in: \(SQLiteError.abbreviate(sql))" }
        return text
    }

    /// Shortens long SQL for messages: first 200 characters, on one line.
    static func abbreviate(_ sql: String) -> String {
        let oneLine = sql.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters() }.joined(separator: " ")
        return oneLine.count > 200 ? String(oneLine.prefix(200)) + "…" : oneLine
    }
}

extension Substring {
    fileprivate func trimmingCharacters() -> Substring {
        var slice = self
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
        return slice
    }
}
