import CSQLite

/// One column of a statement's current row, looked up once (`sqlite3_column_value`) and then
/// read with the `sqlite3_value_*` functions.
///
/// Every `sqlite3_column_*` call finds the column again and runs SQLite's API-exit bookkeeping
/// (about 35 instructions a call, measured with callgrind); the report reads four columns of
/// every vote, nine calls a row, and that was a tenth of its instructions (bench/RESULTS.md).
/// Read through a `ColumnValue`, a column costs one lookup and then only the conversion.
///
/// SQLite calls such a value "unprotected": `sqlite3_value_*` on it does not take the
/// connection's mutex (https://sqlite.org/c3ref/column_blob.html). A `Connection` is opened
/// with `SQLITE_OPEN_NOMUTEX` and belongs to one thread, so there is no mutex to take.
/// Like the pointer `sqlite3_column_text` gives, it is valid only until the statement steps,
/// is reset or is finalized: use it within one row and never keep it.
package struct ColumnValue {
    @usableFromInline let value: OpaquePointer

    @inlinable init(_ value: OpaquePointer) { self.value = value }

    /// The value's storage class, SQLite's `typeof()`. Ask before reading the value in another
    /// form: SQLite's answer is undefined after a conversion.
    @inlinable package var storageClass: StorageClass {
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER: return .integer
        case SQLITE_FLOAT: return .real
        case SQLITE_TEXT: return .text
        case SQLITE_BLOB: return .blob
        default: return .null
        }
    }

    /// True when the value is NULL.
    @inlinable package var isNull: Bool { sqlite3_value_type(value) == SQLITE_NULL }

    /// The value as an integer (SQLite's conversion rules apply; NULL reads as 0).
    @inlinable package var int64: Int64 { sqlite3_value_int64(value) }

    /// Calls `body` with the value's UTF-8 text without copying it (empty for NULL), as
    /// `Statement.withTextBytes` does. The buffer is valid only during the call.
    @inlinable
    package func withTextBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        let bytes = sqlite3_value_text(value)
        let count = Int(sqlite3_value_bytes(value))
        return try body(UnsafeBufferPointer(start: bytes, count: bytes == nil ? 0 : count))
    }
}

@available(*, unavailable, message: "A column value belongs to its statement's current row.")
extension ColumnValue: Sendable {}
