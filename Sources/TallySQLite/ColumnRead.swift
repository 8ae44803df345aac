import CSQLite

/// A column of a statement's current row read in one call: its storage class, then its integer or
/// its text, as `ColumnValue` reads them.
///
/// For loops over millions of rows (the vote scan). Swift 6.3 inlines no `package` declaration into
/// another module, `@inlinable` or not, so every `ColumnValue` accessor is a call of its own and a
/// closure given to `withTextBytes` runs through its unspecialized generic form: the vote scan's
/// reads of four columns took about 13 calls a row, 190 instructions a row more than these four.
/// The text's bytes are SQLite's, valid until the statement steps, is reset or is finalized.
package struct ColumnRead {
    package let storageClass: StorageClass
    /// The value as an integer (SQLite's conversions apply; NULL reads as 0); 0 when the text was read.
    package let int64: Int64
    /// The value's UTF-8 text (SQLite's conversions apply; no base address for NULL); empty when the
    /// integer was read.
    package let text: UnsafeBufferPointer<UInt8>
}

extension Statement {
    /// Column `index` of the current row: its storage class (asked first, since SQLite's answer is
    /// undefined after a conversion), then its text when `text` is true, else its integer.
    package func read(at index: Int, text: Bool) -> ColumnRead {
        let value = column(at: index)
        let storageClass = value.storageClass
        guard text else {
            return ColumnRead(storageClass: storageClass, int64: value.int64, text: .init(start: nil, count: 0))
        }
        return value.withTextBytes { ColumnRead(storageClass: storageClass, int64: 0, text: $0) }
    }
}
