/// A moment in time: whole milliseconds since 1970-01-01 00:00:00 UTC.
///
/// Database text becomes an `Instant` as it is read, and an `Instant` becomes
/// local text only when rendered, with the reader's `Zone`.
package struct Instant: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// Milliseconds since the Unix epoch, UTC.
    package var millis: Int64

    package init(millis: Int64) { self.millis = millis }

    /// An instant from whole seconds since the epoch.
    package init(seconds: Int64) { self.millis = seconds * 1000 }

    /// Whole seconds since the epoch (rounded toward negative infinity).
    package var seconds: Int64 { millis >= 0 ? millis / 1000 : (millis - 999) / 1000 }

    package static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.millis < rhs.millis }

    /// The instant shifted by whole seconds.
    package func adding(seconds: Int64) -> Instant { Instant(millis: millis + seconds * 1000) }

    /// The D1 storage form of this instant: UTC `YYYY-MM-DD HH:MM:SS`, what
    /// `CURRENT_TIMESTAMP` writes. Milliseconds are dropped.
    package var d1Text: String { CivilDateTime(utcSeconds: seconds).text(withSeconds: true) }

    package var description: String { d1Text + " UTC" }
}

/// A calendar date and wall-clock time with no zone attached.
package struct CivilDateTime: Equatable, Hashable, Sendable, Comparable {
    package var year: Int
    package var month: Int
    package var day: Int
    package var hour = 0
    package var minute = 0
    package var second = 0
}

extension CivilDateTime {
    /// The civil time of a count of seconds since the epoch, read as UTC.
    package init(utcSeconds: Int64) {
        let days = utcSeconds >= 0 ? utcSeconds / 86_400 : (utcSeconds - 86_399) / 86_400
        let rest = Int(utcSeconds - days * 86_400)
        let (y, m, d) = CivilDateTime.civil(fromDays: days)
        self.init(year: y, month: m, day: d, hour: rest / 3600, minute: rest / 60 % 60, second: rest % 60)
    }

    /// Seconds since the epoch if this civil time were UTC.
    package var secondsIfUTC: Int64 {
        CivilDateTime.days(year: year, month: month, day: day) * 86_400
            + Int64(hour * 3600 + minute * 60 + second)
    }

    /// Days since 1970-01-01 of this date.
    package var dayNumber: Int64 { CivilDateTime.days(year: year, month: month, day: day) }

    /// True when the fields name a real date and time (leap years included).
    package var isValid: Bool {
        guard (1...12).contains(month), (0...23).contains(hour), (0...59).contains(minute),
            (0...59).contains(second), year >= 1, year <= 9999
        else { return false }
        return day >= 1 && day <= CivilDateTime.daysInMonth(year: year, month: month)
    }

    /// `YYYY-MM-DD`.
    package var dateText: String { "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))" }

    /// `YYYY-MM-DD HH:MM` or `YYYY-MM-DD HH:MM:SS`.
    package func text(withSeconds: Bool) -> String {
        let base = "\(dateText) \(pad(hour, 2)):\(pad(minute, 2))"
        return withSeconds ? base + ":\(pad(second, 2))" : base
    }

    package static func < (lhs: CivilDateTime, rhs: CivilDateTime) -> Bool { lhs.secondsIfUTC < rhs.secondsIfUTC }

    @inline(__always)
    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's days_from_civil).
    @inline(__always)
    static func days(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let m = Int64(month)
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The date of a day number (inverse of `days`).
    static func civil(fromDays z0: Int64) -> (Int, Int, Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        return (Int(y), Int(m), Int(d))
    }
}

@inline(__always)
func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}
