import TallySQLite

/// Writes rows in the fingerprint's canonical byte encoding (docs/fingerprint.md)
/// straight into a SHA-256, through a small staging buffer so the hash reads
/// whole blocks in place.
///
/// A record is a one-byte tag followed by its values. A value is `0x00` (NULL),
/// `0x01` + an integer, `0x02` + a length + that many bytes (text, as UTF-8), or
/// `0x03` + an integer (a stored time that is exactly D1's `YYYY-MM-DD HH:MM:SS`,
/// as seconds since 1970 UTC; the text follows from it). Integers and lengths are
/// unsigned LEB128 of the zigzag form (0, -1, 1, -2 … → 0, 1, 2, 3 …), so small
/// numbers take one byte: the votes are most of the bytes hashed, and fewer bytes
/// is less time.
final class CanonicalRecords {
    /// Record tags (ASCII letters, so a hex dump is readable).
    enum Tag: UInt8 {
        case option = 0x4F  // O
        case note = 0x4E  // N
        case log = 0x4C  // L
        case session = 0x53  // S
        case vote = 0x56  // V
    }

    private static let capacity = 4096
    private let hasher = SHA256()
    private let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: CanonicalRecords.capacity)
    private var used = 0

    deinit { buffer.deallocate() }

    @inline(__always)
    private func reserve(_ count: Int) {
        if used + count > CanonicalRecords.capacity { flush() }
    }

    private func flush() {
        hasher.update(UnsafeBufferPointer(start: buffer, count: used))
        used = 0
    }

    @inline(__always)
    private func put(_ byte: UInt8) {
        buffer[used] = byte
        used += 1
    }

    /// Unsigned LEB128: seven bits a byte, low bits first, the high bit set on all but the last.
    @inline(__always)
    private func putVarint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            buffer[used] = UInt8(truncatingIfNeeded: rest) | 0x80
            used += 1
            rest >>= 7
        }
        buffer[used] = UInt8(truncatingIfNeeded: rest)
        used += 1
    }

    @inline(__always)
    private static func zigzag(_ value: Int64) -> UInt64 {
        UInt64(bitPattern: (value << 1) ^ (value >> 63))
    }

    /// Starts a record.
    @inline(__always)
    func tag(_ tag: Tag) {
        reserve(1)
        put(tag.rawValue)
    }

    /// An integer value, or NULL.
    @inline(__always)
    func integer(_ value: Int64?) {
        reserve(11)
        guard let value else {
            put(0)
            return
        }
        put(1)
        putVarint(CanonicalRecords.zigzag(value))
    }

    /// A stored time in D1's exact form, as its seconds since 1970 UTC.
    @inline(__always)
    func d1Time(seconds: Int64) {
        reserve(11)
        put(3)
        putVarint(CanonicalRecords.zigzag(seconds))
    }

    /// A whole vote record whose time is in D1's exact form: the same bytes as `tag(.vote)`,
    /// `integer(id)`, `integer(optionID)` and `d1Time(seconds:)`, written through a local pointer
    /// with one capacity check. Votes are most of the bytes hashed, and writing them value by
    /// value (a check and a store of `used` per byte) cost about 135 instructions a vote.
    @inline(__always)
    func d1Vote(id: Int64, optionID: Int64?, seconds: Int64) {
        // Tag, three type bytes and three varints of at most 10 bytes each.
        reserve(34)
        var p = buffer + used
        p.pointee = Tag.vote.rawValue
        p[1] = 1
        p = CanonicalRecords.putVarint(CanonicalRecords.zigzag(id), at: p + 2)
        if let optionID {
            p.pointee = 1
            p = CanonicalRecords.putVarint(CanonicalRecords.zigzag(optionID), at: p + 1)
        } else {
            p.pointee = 0
            p += 1
        }
        p.pointee = 3
        p = CanonicalRecords.putVarint(CanonicalRecords.zigzag(seconds), at: p + 1)
        used = p - buffer
    }

    /// Unsigned LEB128 at `p`; returns the position after it.
    @inline(__always)
    private static func putVarint(_ value: UInt64, at start: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8>
    {
        var p = start
        var rest = value
        while rest >= 0x80 {
            p.pointee = UInt8(truncatingIfNeeded: rest) | 0x80
            p += 1
            rest >>= 7
        }
        p.pointee = UInt8(truncatingIfNeeded: rest)
        return p + 1
    }

    /// A text value from UTF-8 bytes; a nil base address is NULL (how SQLite hands out a NULL column).
    @inline(__always)
    func text(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.baseAddress != nil else {
            integer(nil)
            return
        }
        textBytes(bytes)
    }

    /// A text value from UTF-8 bytes, never NULL (an empty buffer is empty text).
    @inline(__always)
    func textBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        let count = bytes.count
        reserve(11)
        put(2)
        putVarint(CanonicalRecords.zigzag(Int64(count)))
        guard let base = bytes.baseAddress, count > 0 else { return }
        if count <= CanonicalRecords.capacity - used {
            (buffer + used).update(from: base, count: count)
            used += count
        } else {
            flush()
            hasher.update(bytes)
        }
    }

    /// A stored time: D1's exact form as seconds, anything else as text, NULL as NULL.
    @inline(__always)
    func time(_ bytes: UnsafeBufferPointer<UInt8>) {
        if let parsed = StoredTimestamp.parse(bytes: bytes), parsed.shape == .d1 {
            d1Time(seconds: parsed.instant.seconds)
        } else {
            text(bytes)
        }
    }

    /// An integer column of the current row (SQLite's conversion for other storage classes), or NULL.
    @inline(__always)
    func integer(_ statement: Statement, _ index: Int) {
        integer(statement.isNull(at: index) ? nil : statement.int64(at: index))
    }

    /// A column of the current row as text (SQLite's conversion for other storage classes), or NULL.
    @inline(__always)
    func text(_ statement: Statement, _ index: Int) {
        statement.withTextBytes(at: index) { text($0) }
    }

    /// A stored-time column of the current row.
    @inline(__always)
    func time(_ statement: Statement, _ index: Int) {
        // Only TEXT can be a time: a BLOB of the same bytes is hashed as what it is.
        guard statement.storageClass(at: index) == .text else { return text(statement, index) }
        statement.withTextBytes(at: index) { time($0) }
    }

    /// The digest of everything written. The writer cannot be used afterwards.
    func finish() -> [UInt8] {
        flush()
        return hasher.finalize()
    }
}
