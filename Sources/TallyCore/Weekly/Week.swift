/// One week of a `WeekCalendar`.
package struct Week: Sendable, Equatable {
    /// 1 for the launch week.
    package let number: Int
    /// Its first local date.
    package let firstDay: CivilDateTime
    /// Its last local date (the sixth day after the first).
    package let lastDay: CivilDateTime
    /// The instant it starts: local midnight of `firstDay`.
    package let start: Instant
    /// The instant it ends, exclusive: local midnight after `lastDay`, the next week's start.
    package let end: Instant

    /// The last instant that belongs to the week (one millisecond before its end): what a
    /// report counting "through" the week's end counts until, since `through` is inclusive.
    package var lastInstant: Instant { Instant(millis: end.millis - 1) }

    /// Its seven local dates.
    package var days: [CivilDateTime] {
        (0..<7).map { CivilDateTime(utcSeconds: (firstDay.dayNumber + Int64($0)) * 86_400) }
    }

    /// True when an instant falls in the week.
    package func contains(_ instant: Instant) -> Bool { start <= instant && instant < end }
}
