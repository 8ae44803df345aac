import Foundation

extension Zone {
    /// One entry of a zone's offset list: from `since` (UTC) on, local time is UTC + `seconds`.
    package struct OffsetChange: Equatable, Sendable {
        /// The first instant the offset applies to.
        package let since: Instant
        /// The offset from UTC in seconds.
        package let seconds: Int
    }

    /// The first year the list follows the zone database from; before it the offset of
    /// 1800-01-01 applies (every zone then kept local mean time, one fixed offset).
    static let offsetListStartYear = 1800

    /// The zone's UTC offsets, for D1, which has no time zone database: the first entry applies
    /// from 0001-01-02 (the first time a stored time can name), each later one from the instant
    /// the zone's offset changed, through `end`; after `end` the last entry applies.
    ///
    /// The changes are found by asking the same `offset(at:)` the analysis uses, day by day, and
    /// narrowing each change down to its second, so the list and the analysis agree by
    /// construction (a change undone within the same day would be missed; no zone has one).
    package func offsetList(through end: Instant) -> [OffsetChange] {
        let first = Instant(seconds: StoredTimestamp.firstSecond)
        let start = CivilDateTime(year: Zone.offsetListStartYear, month: 1, day: 1).secondsIfUTC
        var current = offset(at: Instant(seconds: start))
        var list = [OffsetChange(since: first, seconds: current)]
        if case .fixed = rule { return list }
        var day = start
        while day < end.seconds {
            let next = day + 86_400
            let there = offset(at: Instant(seconds: next))
            guard there != current else {
                day = next
                continue
            }
            // The offset is `current` at `low` and something else at `high`: halve to the second.
            var (low, high) = (day, next)
            while high - low > 1 {
                let middle = low + (high - low) / 2
                if offset(at: Instant(seconds: middle)) == current { low = middle } else { high = middle }
            }
            current = offset(at: Instant(seconds: high))
            list.append(OffsetChange(since: Instant(seconds: high), seconds: current))
            day = high
        }
        return list
    }

    /// `offsetList` for a query's `zone_offsets` parameter, through the end of the second year
    /// after `asOf`'s (whole years, so a slightly later as-of time gives the same list): a JSON
    /// array of `["YYYY-MM-DD HH:MM:SS", seconds]` pairs, earliest first.
    package func offsetListJSON(through asOf: Instant) -> String {
        let year = CivilDateTime(utcSeconds: asOf.seconds).year
        let end = Instant(seconds: CivilDateTime(year: min(year + 3, 9999), month: 1, day: 1).secondsIfUTC)
        let entries = offsetList(through: end).map { "[\"\($0.since.d1Text)\",\($0.seconds)]" }
        return "[" + entries.joined(separator: ",") + "]"
    }
}
