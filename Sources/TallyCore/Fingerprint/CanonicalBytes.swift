import TallySQLite

/// The fingerprint's canonical encoding (docs/fingerprint.md) written into a byte array
/// instead of a hash: the weekly pass encodes a session's vote records once and hashes the
/// bytes into every week whose report counts them. The encoding is `CanonicalRecords`'s,
/// byte for byte (the weekly differential tests compare the fingerprints).
struct CanonicalBytes {
    private(set) var bytes: [UInt8] = []

    /// Forgets the bytes, keeping the storage.
    mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    /// The number of bytes written.
    var count: Int { bytes.count }

    /// Starts a record.
    mutating func tag(_ tag: CanonicalRecords.Tag) { bytes.append(tag.rawValue) }

    /// An integer value, or NULL.
    mutating func integer(_ value: Int64?) {
        guard let value else { return bytes.append(0) }
        bytes.append(1)
        varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    /// A stored time in D1's exact form, as its seconds since 1970 UTC.
    mutating func d1Time(seconds: Int64) {
        bytes.append(3)
        varint(UInt64(bitPattern: (seconds << 1) ^ (seconds >> 63)))
    }

    /// A text value from UTF-8 bytes, never NULL.
    mutating func textBytes(_ text: UnsafeBufferPointer<UInt8>) {
        bytes.append(2)
        varint(UInt64(text.count) << 1)
        bytes.append(contentsOf: text)
    }

    /// A column of the current row as text, or NULL (a nil base address, as SQLite hands out NULL).
    mutating func text(_ statement: Statement, _ index: Int) {
        statement.withTextBytes(at: index) { text in
            if text.baseAddress == nil { integer(nil) } else { textBytes(text) }
        }
    }

    /// Bytes already encoded.
    mutating func append(_ encoded: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: encoded) }

    /// Unsigned LEB128.
    private mutating func varint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(truncatingIfNeeded: rest))
    }
}
