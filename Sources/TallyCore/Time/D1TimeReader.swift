/// Reads stored times one after another, as the vote scan does, remembering the last date of
/// D1's form it read: a session's votes are mostly on one day, so most times differ from the
/// previous one only in ` HH:MM:SS`, and the date (digits, calendar checks, days since 1970,
/// about 60 instructions) is worked out once for the run of votes that share it.
///
/// It answers exactly what `StoredTimestamp.parse(bytes:)` answers for every input (the tests
/// run both over the same sequences): D1's form through the cached date, anything else through
/// the general grammar. One reader belongs to one scan (it is a value, not shared).
struct D1TimeReader {
    /// The first ten bytes (`YYYY-MM-DD`) of the last D1 date read, as two unaligned loads.
    private var dateHead: UInt64 = 0
    private var dateTail: UInt16 = 0
    /// Its midnight in seconds since 1970 UTC; nil before the first date (no bytes compare equal then).
    private var dateSeconds: Int64?

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
        let date: Int64
        if let cached = dateSeconds, head == dateHead, tail == dateTail {
            date = cached
        } else {
            guard let read = StoredTimestamp.d1DateSeconds(p) else { return nil }
            (dateHead, dateTail, dateSeconds) = (head, tail, read)
            date = read
        }
        guard let time = StoredTimestamp.d1TimeOfDay(p) else { return nil }
        return date + time
    }
}
