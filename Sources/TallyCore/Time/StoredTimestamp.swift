/// Reads timestamps as the database stores them.
///
/// D1's `CURRENT_TIMESTAMP` writes UTC as `YYYY-MM-DD HH:MM:SS` with no zone
/// marker (https://sqlite.org/lang_createtable.html#the_default_clause). A vote
/// page may also have written JavaScript's `toISOString()` form,
/// `2026-09-18T18:06:00.000Z`. Comparing the two as text sorts them wrongly
/// ('T' > ' '), so every stored timestamp is parsed to an `Instant` before any
/// comparison; text that is neither form is reported, never guessed.
package enum StoredTimestamp {
    /// The shape of a stored timestamp.
    package enum Shape: Equatable, Sendable {
        /// `YYYY-MM-DD HH:MM:SS`, exactly what `CURRENT_TIMESTAMP` writes.
        case d1
        /// Any other accepted form: `T` separator, fractional seconds, `Z` or an offset, no seconds.
        case other
    }

    /// Parses stored text; nil when it is not a timestamp this reader accepts.
    package static func parse(_ text: String) -> Instant? {
        var copy = text
        return copy.withUTF8 { parse(bytes: $0)?.instant }
    }

    /// Parses stored UTF-8 bytes without allocating. Accepted:
    /// `YYYY-MM-DD[ T]HH:MM[:SS[.fff…]][Z|z|±HH:MM]`, the offset at most 14:59 and the instant
    /// from 0001-01-02 to 9999-12-30 UTC. Text without a zone is UTC, as D1 stores it. Digits
    /// after the milliseconds are cut, never rounded, so the instant is never later than the
    /// text says (a time just before a cutoff stays before it).
    ///
    /// This is exactly what `queries/*.sql` read (docs/stored-times.md): SQLite's parser also
    /// takes whitespace around the zone and stops at a NUL, which the queries refuse, and it
    /// refuses `+0800` and `+08`, which this reader refuses too when `userInput` is false.
    /// With `userInput` (times typed by a person) `±HHMM`, `±HH` and offsets up to 23:59 are read.
    package static func parse(
        bytes: UnsafeBufferPointer<UInt8>, userInput: Bool = false
    ) -> (instant: Instant, shape: Shape)? {
        let n = bytes.count
        guard n >= 16 else { return nil }
        // D1's own form, nearly every stored time, without the general grammar's branches.
        if n == 19, let seconds = d1Seconds(bytes.baseAddress!) { return (Instant(millis: seconds * 1000), .d1) }
        return parseGeneral(bytes: bytes, userInput: userInput)
    }

    /// Exactly `YYYY-MM-DD HH:MM:SS` (19 bytes at `p`) as seconds since 1970 UTC, with the same
    /// checks as the general grammar (a real date and time, within `firstSecond ... lastSecond`);
    /// nil for anything else, which `parseGeneral` then reads (or refuses). It gives the same
    /// answer as `parseGeneral` for every 19 bytes it accepts (tested on generated and hostile
    /// times); it exists because the report parses every vote's time, about 280 instructions a
    /// time through the general grammar.
    @inline(__always)
    static func d1Seconds(_ p: UnsafePointer<UInt8>) -> Int64? {
        guard let date = d1DateSeconds(p), let time = d1TimeOfDay(p) else { return nil }
        return date + time
    }

    /// The date part of D1's form (bytes 0 ..< 10, `YYYY-MM-DD`) as the seconds of its midnight
    /// UTC; nil unless it is a real date from 0001-01-02 to 9999-12-30 (the days `parse` reads
    /// whole: `firstSecond` is a midnight and `lastSecond` the last second of a day).
    @inline(__always)
    static func d1DateSeconds(_ p: UnsafePointer<UInt8>) -> Int64? {
        guard p[4] == 0x2D, p[7] == 0x2D, let century = twoDigits(p, 0), let yy = twoDigits(p, 2),
            let month = twoDigits(p, 5), let day = twoDigits(p, 8)
        else { return nil }
        let year = century * 100 + yy
        guard year >= 1, month >= 1, month <= 12, day >= 1, day <= CivilDateTime.daysInMonth(year: year, month: month)
        else { return nil }
        let seconds = CivilDateTime.days(year: year, month: month, day: day) * 86_400
        guard seconds >= StoredTimestamp.firstSecond, seconds <= StoredTimestamp.lastSecond - 86_399 else { return nil }
        return seconds
    }

    /// The time part of D1's form (bytes 10 ..< 19, ` HH:MM:SS`) as seconds since midnight; nil
    /// unless it is a real time of day.
    @inline(__always)
    static func d1TimeOfDay(_ p: UnsafePointer<UInt8>) -> Int64? {
        guard p[10] == 0x20, p[13] == 0x3A, p[16] == 0x3A, let hour = twoDigits(p, 11),
            let minute = twoDigits(p, 14), let second = twoDigits(p, 17), hour <= 23, minute <= 59, second <= 59
        else { return nil }
        return Int64(hour * 3600 + minute * 60 + second)
    }

    /// Two ASCII decimal digits at `p + i` as a number; nil when either is not a digit.
    @inline(__always)
    private static func twoDigits(_ p: UnsafePointer<UInt8>, _ i: Int) -> Int? {
        let a = p[i] &- 0x30
        let b = p[i + 1] &- 0x30
        guard a <= 9, b <= 9 else { return nil }
        return Int(a) * 10 + Int(b)
    }

    /// The whole grammar `parse(bytes:userInput:)` documents, without the fast path for D1's form.
    static func parseGeneral(
        bytes: UnsafeBufferPointer<UInt8>, userInput: Bool = false
    ) -> (instant: Instant, shape: Shape)? {
        let n = bytes.count
        guard n >= 16 else { return nil }
        @inline(__always) func digit(_ i: Int) -> Int? {
            let c = bytes[i]
            return c >= 0x30 && c <= 0x39 ? Int(c - 0x30) : nil
        }
        @inline(__always) func number(_ i: Int, _ count: Int) -> Int? {
            var value = 0
            for k in i..<(i + count) {
                guard let d = digit(k) else { return nil }
                value = value * 10 + d
            }
            return value
        }
        guard let year = number(0, 4), bytes[4] == 0x2D, let month = number(5, 2), bytes[7] == 0x2D,
            let day = number(8, 2), bytes[10] == 0x20 || bytes[10] == 0x54,
            let hour = number(11, 2), bytes[13] == 0x3A, let minute = number(14, 2)
        else { return nil }
        var index = 16
        var second = 0
        var millis = 0
        var canonical = bytes[10] == 0x20
        if index < n, bytes[index] == 0x3A {
            guard index + 3 <= n, let s = number(index + 1, 2) else { return nil }
            second = s
            index += 3
            if index < n, bytes[index] == 0x2E {
                canonical = false
                index += 1
                var scale = 100
                let start = index
                while index < n, let d = digit(index) {
                    millis += d * scale
                    scale /= 10
                    index += 1
                }
                guard index > start else { return nil }
            }
        } else {
            canonical = false
        }
        var offsetSeconds = 0
        if index < n {
            canonical = false
            switch bytes[index] {
            case 0x5A, 0x7A:  // Z
                index += 1
            case 0x2B, 0x2D:  // + or -
                let sign = bytes[index] == 0x2D ? -1 : 1
                guard index + 3 <= n, let h = number(index + 1, 2) else { return nil }
                index += 3
                var m = 0
                if userInput {
                    if index < n, bytes[index] == 0x3A { index += 1 }
                    if index + 2 <= n, let mm = number(index, 2) {
                        m = mm
                        index += 2
                    }
                    // `+05:53:28`, as tally prints an offset with seconds (local mean time).
                    var s = 0
                    if index + 3 <= n, bytes[index] == 0x3A, let ss = number(index + 1, 2) {
                        s = ss
                        index += 3
                    }
                    guard h <= 23, m <= 59, s <= 59 else { return nil }
                    offsetSeconds = sign * s
                } else {
                    // Stored: `±HH:MM` only, hours up to 14, as SQLite's parser (and so D1's) reads it.
                    guard index + 3 <= n, bytes[index] == 0x3A, let mm = number(index + 1, 2), h <= 14, mm <= 59
                    else { return nil }
                    m = mm
                    index += 3
                }
                offsetSeconds += sign * (h * 3600 + m * 60)
            default:
                return nil
            }
            guard index == n else { return nil }
        }
        let civil = CivilDateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard civil.isValid else { return nil }
        let seconds = civil.secondsIfUTC - Int64(offsetSeconds)
        // The instant must keep its local day, in any zone, within the years 0001-9999: an offset
        // can carry 0001-01-01 into year 0, which neither this reader nor SQLite's `date()` gives
        // back. So the first and the last day of the calendar are not read (the queries check
        // the same with julianday()).
        guard seconds >= StoredTimestamp.firstSecond, seconds <= StoredTimestamp.lastSecond else { return nil }
        return (Instant(millis: seconds * 1000 + Int64(millis)), canonical ? .d1 : .other)
    }

    /// 0001-01-02 00:00:00 UTC and 9999-12-30 23:59:59 UTC, in seconds since the epoch: the
    /// earliest and latest whole seconds read.
    static let firstSecond = CivilDateTime(year: 1, month: 1, day: 2).secondsIfUTC
    static let lastSecond = CivilDateTime(year: 9999, month: 12, day: 30, hour: 23, minute: 59, second: 59).secondsIfUTC
}
