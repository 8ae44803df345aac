import TallyCore

/// Dates and times as a page's readers write them: `9/19（六）09:12` in zh-TW, `Sat 19 Sep, 09:12` in English,
/// to the minute and without the offset, since a public page names its zone once (台灣時間, Taiwan time); the year
/// only when it is not the page's own (`2025/12/30（二）`, `Tue 30 Dec 2025`). One format per page: every date and
/// time a public page shows comes from here. The moderators' page (`--internal`) keeps the exact, sortable
/// `2026-09-19 09:12:05 +08:00` and `2026-09-19`, as JSON and CSV keep ISO 8601.
package struct ReaderTimes: Sendable {
    package let language: ReportLanguage
    package let zone: Zone
    /// The moderators' page: exact times with seconds and offset.
    package let exact: Bool
    /// The page's year (of its as-of time): a date in it is written without the year.
    package let year: Int

    package init(_ language: ReportLanguage, zone: Zone, exact: Bool, year: Int) {
        self.language = language
        self.zone = zone
        self.exact = exact
        self.year = year
    }

    /// The times of a report's page: its zone, its audience, the year of its as-of time.
    package init(_ model: ReportModel, _ language: ReportLanguage) {
        let parameters = model.parameters
        self.init(
            language, zone: parameters.zone, exact: parameters.audience.showsIdentifiers,
            year: parameters.zone.local(Instant(seconds: parameters.asOf.seconds - 1)).year)
    }

    /// `9/19（六）`, `Sat 19 Sep` (`2026-09-19` on the moderators' page).
    package func date(_ date: CivilDateTime) -> String {
        guard !exact else { return date.dateText }
        let weekday = Int(((date.dayNumber % 7) + 11) % 7)  // 1970-01-01 was a Thursday; 0 is Sunday
        let withYear = date.year != year
        return language.pick(
            "\(["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][weekday]) \(date.day) "
                + "\(ReaderTimes.months[date.month - 1])\(withYear ? " \(date.year)" : "")",
            "\(withYear ? "\(date.year)/" : "")\(date.month)/\(date.day)（\(["日", "一", "二", "三", "四", "五", "六"][weekday])）"
        )
    }

    /// `9/19（六）09:12`, `Sat 19 Sep, 09:12`: a moment to the minute (exact on the moderators' page).
    package func time(_ instant: Instant) -> String {
        guard !exact else { return ReportText.time(instant, zone) }
        let local = zone.local(instant)
        return date(local) + language.pick(", ", "") + "\(pad2(local.hour)):\(pad2(local.minute))"
    }

    /// A setting's time (`--exclude-before`): to the minute, with seconds when it has some, since a setting is
    /// exact.
    package func setting(_ instant: Instant) -> String {
        guard !exact else { return ReportText.time(instant, zone) }
        let second = zone.local(instant).second
        return time(instant) + (second == 0 ? "" : ":\(pad2(second))")
    }

    /// The end of what a page counts (its as-of time, `--through`, a week's end), as readers say it: a day's end
    /// (local midnight, or 23:59:59 counted through) is that day, `9/25（五）`; any other moment is `time`.
    package func until(_ instant: Instant) -> String {
        guard let day = endedDay(instant) else { return setting(instant) }
        return date(day)
    }

    /// True when `until` writes a whole day (the sentence around it then reads "to the end of").
    package func isWholeDay(_ instant: Instant) -> Bool { endedDay(instant) != nil }

    /// The local day that ends at `instant` (midnight after it, or its last second); nil for another moment.
    private func endedDay(_ instant: Instant) -> CivilDateTime? {
        guard !exact else { return nil }
        let local = zone.local(instant)
        if local.hour == 0 && local.minute == 0 && local.second == 0 && instant.millis % 1000 == 0 {
            return CivilDateTime(utcSeconds: (local.dayNumber - 1) * 86_400)
        }
        if local.hour == 23 && local.minute == 59 && local.second == 59 {
            return CivilDateTime(utcSeconds: local.dayNumber * 86_400)
        }
        return nil
    }

    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
