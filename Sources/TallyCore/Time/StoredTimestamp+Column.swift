import TallySQLite

extension StoredTimestamp {
    /// Reads a stored-time column of the current row: only a TEXT value can be a time. A BLOB,
    /// an INTEGER or a REAL is not read (SQLite would convert it to text first, and a BLOB of
    /// time-shaped bytes would pass for a time); the queries refuse the same with `typeof`.
    @inline(__always)
    /// - Parameter storage: the column's storage class when the caller has asked for it already
    ///   (it must be asked before the value is read in another form).
    package static func read(
        _ statement: Statement, at index: Int, storage: StorageClass? = nil
    ) -> (instant: Instant, shape: Shape)? {
        guard (storage ?? statement.storageClass(at: index)) == .text else { return nil }
        return statement.withTextBytes(at: index) { parse(bytes: $0) }
    }

    /// A stored value as the report shows it in an anomaly's example, the same text the queries
    /// give (`queries/anomalies.sql`): text as it is; a value of another storage class, or text
    /// holding a NUL, as `typeof:HEX` of its bytes (e.g. `blob:00FF`), so raw bytes never reach
    /// a terminal or a file and two different values never show alike. Nil for NULL.
    package static func shown(_ statement: Statement, at index: Int, storage: StorageClass? = nil) -> String? {
        let type = storage ?? statement.storageClass(at: index)
        return statement.withTextBytes(at: index) { shown(type, $0) }
    }

    /// The same for a value already read: its storage class and its bytes read as text.
    static func shown(_ type: StorageClass, _ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        if type == .null { return nil }
        if type == .text, !bytes.contains(0) { return String(decoding: bytes, as: UTF8.self) }
        return shownAsHex(type: type.rawValue, bytes)
    }

    /// `type:HEX` with upper-case hex digits, as SQLite's `typeof(x) || ':' || hex(x)`.
    static func shownAsHex(type: String, _ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var text = Array(type.utf8) + [0x3A]
        text.reserveCapacity(text.count + bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
