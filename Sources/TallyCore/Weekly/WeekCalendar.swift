/// Weeks counted from the launch date in the reader's zone: week 1 starts at
/// midnight (local time) of the launch date and lasts seven local days; week N
/// covers [launch + 7(N−1) days, launch + 7N days). Boundaries are local
/// midnights turned into instants by the zone's rules, so a week that contains
/// a daylight-saving change is an hour shorter or longer than 168 hours.
package struct WeekCalendar: Sendable, Equatable {
    /// The local date the vote page went live.
    package let launch: CivilDateTime
    /// The zone whose midnights end the weeks.
    package let zone: Zone

    /// More weeks than any poll runs (about 190 years); a later `through` lists only these.
    package static let maximumWeeks = 10_000

    /// A calendar from a launch date (its time fields are ignored) and a zone.
    package init(launch: CivilDateTime, zone: Zone) {
        self.launch = CivilDateTime(year: launch.year, month: launch.month, day: launch.day)
        self.zone = zone
    }

    /// The local date `days` after the launch date.
    package func date(daysAfterLaunch days: Int) -> CivilDateTime {
        CivilDateTime(utcSeconds: (launch.dayNumber + Int64(days)) * 86_400)
    }

    /// Week `number` (1 is the launch week).
    package func week(_ number: Int) -> Week {
        let first = date(daysAfterLaunch: 7 * (number - 1))
        let next = date(daysAfterLaunch: 7 * number)
        return Week(
            number: number, firstDay: first, lastDay: date(daysAfterLaunch: 7 * number - 1),
            start: zone.instant(fromLocal: first), end: zone.instant(fromLocal: next))
    }

    /// Every week that has ended by `through` (its end is at or before it), in order.
    package func finishedWeeks(through: Instant) -> [Week] {
        var weeks: [Week] = []
        var number = 1
        while number <= WeekCalendar.maximumWeeks {
            let week = week(number)
            guard week.end <= through else { break }
            weeks.append(week)
            number += 1
        }
        return weeks
    }
}
