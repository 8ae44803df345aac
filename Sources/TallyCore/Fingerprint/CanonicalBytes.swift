import TallySQLite

/// The fingerprint's canonical encoding (docs/fingerprint.md), written into a byte array: every
/// record tally hashes is written here, and `CanonicalRecords` hashes the bytes.
///
/// A record is a one-byte tag followed by its values. A value is `0x00` (NULL), `0x01` + an
/// integer, `0x02` + a length + that many bytes (text, as UTF-8), or `0x03` + an integer (a
/// stored time that is exactly D1's `YYYY-MM-DD HH:MM:SS`, as seconds since 1970 UTC; the text
/// follows from it). Integers and lengths are unsigned LEB128 of the zigzag form (0, -1, 1, -2 …
/// → 0, 1, 2, 3 …), so small numbers take one byte: the votes are most of the bytes hashed, and
/// fewer bytes is less time.
struct CanonicalBytes {
    /// Record tags (ASCII letters, so a hex dump is readable).
    enum Tag: UInt8 {
        case option = 0x4F  // O
        case note = 0x4E  // N
        case log = 0x4C  // L
        case session = 0x53  // S
        case vote = 0x56  // V
    }

    /// The bytes written, then spare room that writers fill in place: `Array.append` per value
    /// was the largest share of the report's encoding time (its generic growth and copy, in `perf`).
    private var storage: [UInt8] = []
    private(set) var count = 0

    /// Calls `body` with the bytes written, without copying them.
    func withBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        try storage.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[..<count])) }
    }

    /// Forgets the bytes, keeping the storage.
    mutating func removeAll() { count = 0 }

    /// Writes at most `maxCount` bytes in place: `write` is given where to start and returns where it stopped.
    @inline(__always)
    private mutating func write(
        maxCount: Int, _ body: (UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8>
    ) {
        guard maxCount > 0 else { return }
        let start = count
        if storage.count < start + maxCount {
            storage.append(
                contentsOf: repeatElement(0, count: max(start + maxCount, 2 * storage.count) - storage.count))
        }
        count = storage.withUnsafeMutableBufferPointer { buffer in
            body(buffer.baseAddress! + start) - buffer.baseAddress!
        }
    }

    /// Starts a record.
    mutating func tag(_ tag: Tag) {
        write(maxCount: 1) { p in
            p.pointee = tag.rawValue
            return p + 1
        }
    }

    /// An integer value, or NULL.
    mutating func integer(_ value: Int64?) {
        write(maxCount: 11) { p in
            guard let value else {
                p.pointee = 0
                return p + 1
            }
            p.pointee = 1
            return CanonicalBytes.put(value, at: p + 1)
        }
    }

    /// A stored time in D1's exact form, as its seconds since 1970 UTC.
    mutating func d1Time(seconds: Int64) {
        write(maxCount: 11) { p in
            p.pointee = 3
            return CanonicalBytes.put(seconds, at: p + 1)
        }
    }

    /// A whole vote record whose time is in D1's exact form, written at once: the same bytes as
    /// `tag(.vote)`, `integer(id)`, `integer(optionID)` and `d1Time(seconds:)`. Votes are most of
    /// the bytes hashed.
    mutating func d1Vote(id: Int64, optionID: Int64?, seconds: Int64) {
        // The tag, three type bytes and three varints of at most 10 bytes each.
        write(maxCount: 34) { start in
            start[0] = Tag.vote.rawValue
            start[1] = 1
            var p = CanonicalBytes.put(id, at: start + 2)
            if let optionID {
                p.pointee = 1
                p = CanonicalBytes.put(optionID, at: p + 1)
            } else {
                p.pointee = 0
                p += 1
            }
            p.pointee = 3
            return CanonicalBytes.put(seconds, at: p + 1)
        }
    }

    /// A text value from UTF-8 bytes, never NULL (an empty buffer is empty text).
    mutating func textBytes(_ text: UnsafeBufferPointer<UInt8>) {
        write(maxCount: 11 + text.count) { p in
            p.pointee = 2
            return CanonicalBytes.copy(text, to: CanonicalBytes.put(Int64(text.count), at: p + 1))
        }
    }

    /// A text value from UTF-8 bytes; a nil base address is NULL (how SQLite hands out a NULL column).
    mutating func text(_ text: UnsafeBufferPointer<UInt8>) {
        if text.baseAddress == nil { integer(nil) } else { textBytes(text) }
    }

    /// An integer column of the current row (SQLite's conversion for other storage classes), or NULL.
    mutating func integer(_ statement: Statement, _ index: Int) {
        integer(statement.isNull(at: index) ? nil : statement.int64(at: index))
    }

    /// A column of the current row as text (SQLite's conversion for other storage classes), or NULL.
    mutating func text(_ statement: Statement, _ index: Int) {
        statement.withTextBytes(at: index) { text($0) }
    }

    /// A stored-time column of the current row: D1's exact form as seconds, anything else as
    /// text, NULL as NULL. Only TEXT can be a time: a BLOB of the same bytes is hashed as what it is.
    mutating func time(_ statement: Statement, _ index: Int) {
        guard statement.storageClass(at: index) == .text else { return text(statement, index) }
        statement.withTextBytes(at: index) { bytes in
            if let parsed = StoredTimestamp.parse(bytes: bytes), parsed.shape == .d1 {
                d1Time(seconds: parsed.instant.seconds)
            } else {
                text(bytes)
            }
        }
    }

    /// Bytes already encoded.
    mutating func append(_ encoded: UnsafeBufferPointer<UInt8>) {
        write(maxCount: encoded.count) { CanonicalBytes.copy(encoded, to: $0) }
    }

    /// A signed number as unsigned LEB128 of its zigzag form: seven bits a byte, low bits first,
    /// the high bit set on all but the last.
    mutating func varint(_ value: Int64) {
        write(maxCount: 10) { CanonicalBytes.put(value, at: $0) }
    }

    /// Copies `bytes` to `start` and returns the position after them.
    @inline(__always)
    private static func copy(
        _ bytes: UnsafeBufferPointer<UInt8>, to start: UnsafeMutablePointer<UInt8>
    ) -> UnsafeMutablePointer<UInt8> {
        if let base = bytes.baseAddress { start.update(from: base, count: bytes.count) }
        return start + bytes.count
    }

    /// Writes `value` as a varint at `start` and returns the position after it.
    @inline(__always)
    private static func put(_ value: Int64, at start: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var p = start
        var rest = UInt64(bitPattern: (value << 1) ^ (value >> 63))
        while rest >= 0x80 {
            p.pointee = UInt8(truncatingIfNeeded: rest) | 0x80
            p += 1
            rest >>= 7
        }
        p.pointee = UInt8(truncatingIfNeeded: rest)
        return p + 1
    }
}
