/// Reads stored times one after another, as the vote scan does, remembering recent dates of
/// D1's form it read, one per day of the month: a session's votes are mostly on one day and
/// sessions in id order jump between the poll's few days, so most times differ from a remembered
/// one only in ` HH:MM:SS`, and the date (digits, calendar checks, days since 1970, about 140
/// instructions) is worked out once per date, not once per run of votes (a third of the rows).
///
/// It answers exactly what `StoredTimestamp.parse(bytes:)` answers for every input (the tests
/// run both over the same sequences): D1's form through the cached date, anything else through
/// the general grammar. One reader belongs to one scan (it is a value, not shared).
struct D1TimeReader {
    /// Recent D1 dates: their first ten bytes (`YYYY-MM-DD`) as two unaligned loads, and their midnight
    /// in seconds since 1970 UTC (nil in an empty slot: no bytes compare equal then).
    private var dates = [(head: UInt64, tail: UInt16, seconds: Int64?)](
        repeating: (0, 0, nil), count: D1TimeReader.slots)
    private static let slots = 64

    /// The same as `StoredTimestamp.parse(bytes:)`.
    @inline(__always)
    mutating func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> (instant: Instant, shape: StoredTimestamp.Shape)? {
        if bytes.count == 19, let p = bytes.baseAddress, let seconds = d1Seconds(p) {
            return (Instant(millis: seconds * 1000), .d1)
        }
        return StoredTimestamp.parse(bytes: bytes)
    }

    /// `StoredTimestamp.d1Seconds`, with the date taken from the cache when its bytes are the last date's.
    @inline(__always)
    private mutating func d1Seconds(_ p: UnsafePointer<UInt8>) -> Int64? {
        let raw = UnsafeRawPointer(p)
        let head = raw.loadUnaligned(as: UInt64.self)
        let tail = raw.loadUnaligned(fromByteOffset: 8, as: UInt16.self)
        // The slot: the low bits of the day's two digits (bytes 8 and 9), 0–63 for days 01–31.
        let slot = Int(tail & 0x3) << 4 | Int(tail >> 8 & 0xF)
        let date: Int64
        if let cached = dates[slot].seconds, dates[slot].head == head, dates[slot].tail == tail {
            date = cached
        } else {
            guard let read = StoredTimestamp.d1DateSeconds(p) else { return nil }
            dates[slot] = (head, tail, read)
            date = read
        }
        guard let time = StoredTimestamp.d1TimeOfDay(p) else { return nil }
        return date + time
    }
}
