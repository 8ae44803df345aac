import TallyCore
import Testing

/// Week boundaries: local midnights of the configured zone, daylight saving time included.
@Suite("Week calendar")
struct WeekCalendarTests {
    static func calendar(_ launch: String, _ zone: String) throws -> WeekCalendar {
        WeekCalendar(launch: try #require(Zone.parseDate(launch)), zone: try Zone(parsing: zone))
    }

    @Test func theDemoWeeksStartAtMidnightInTaipei() throws {
        let calendar = try Self.calendar("2026-09-19", "Asia/Taipei")
        let one = calendar.week(1)
        #expect(one.start == .utc("2026-09-18 16:00:00"))
        #expect(one.end == .utc("2026-09-25 16:00:00"))
        #expect(one.firstDay.dateText == "2026-09-19" && one.lastDay.dateText == "2026-09-25")
        #expect(
            one.days.map(\.dateText) == [
                "2026-09-19", "2026-09-20", "2026-09-21", "2026-09-22", "2026-09-23", "2026-09-24", "2026-09-25",
            ])
        let two = calendar.week(2)
        #expect(two.start == one.end)
        #expect(two.firstDay.dateText == "2026-09-26" && two.lastDay.dateText == "2026-10-02")
        #expect(two.end == .utc("2026-10-02 16:00:00"))
    }

    /// A week is finished when its end is at or before `through`.
    @Test func finishedWeeksEndByThrough() throws {
        let calendar = try Self.calendar("2026-09-19", "Asia/Taipei")
        #expect(calendar.finishedWeeks(through: .utc("2026-10-02 16:00:00")).map(\.number) == [1, 2])
        #expect(
            calendar.finishedWeeks(through: Instant(millis: Instant.utc("2026-10-02 16:00:00").millis - 1))
                .map(\.number) == [1])
        #expect(calendar.finishedWeeks(through: .utc("2026-09-25 15:59:59")).isEmpty)
        #expect(calendar.finishedWeeks(through: .utc("2020-01-01 00:00:00")).isEmpty, "before launch")
    }

    /// Around midnight in the zone (not in UTC): the last millisecond of a local Friday is in
    /// week 1, the first of Saturday in week 2 — although both are the same UTC date.
    @Test func midnightInTheZoneSeparatesWeeks() throws {
        let calendar = try Self.calendar("2026-09-19", "Asia/Taipei")
        let one = calendar.week(1)
        let two = calendar.week(2)
        let lastOfWeekOne = Instant(millis: Instant.utc("2026-09-25 16:00:00").millis - 1)  // 23:59:59.999 +08:00
        #expect(one.contains(lastOfWeekOne) && !two.contains(lastOfWeekOne))
        #expect(one.lastInstant == lastOfWeekOne)
        #expect(two.contains(.utc("2026-09-25 16:00:00")) && !one.contains(.utc("2026-09-25 16:00:00")))
        // 2026-09-25 20:00 UTC is still the 25th in UTC, but already Saturday the 26th in Taipei.
        #expect(two.contains(.utc("2026-09-25 20:00:00")))
        #expect(one.contains(.utc("2026-09-18 16:00:00")) && !one.contains(.utc("2026-09-18 15:59:59")))
    }

    /// New York springs forward on 2026-03-08: the week holding it is 167 hours long, and the
    /// next week starts at midnight EDT (04:00 UTC), not 168 hours after the first (05:00 UTC).
    @Test func aWeekAcrossTheSpringChangeIsAnHourShorter() throws {
        let calendar = try Self.calendar("2026-03-05", "America/New_York")
        let one = calendar.week(1)
        #expect(one.start == .utc("2026-03-05 05:00:00"))
        #expect(one.end == .utc("2026-03-12 04:00:00"))
        #expect(one.end.seconds - one.start.seconds == 167 * 3600)
        let two = calendar.week(2)
        #expect(two.end.seconds - two.start.seconds == 168 * 3600)
        #expect(two.contains(.utc("2026-03-12 04:30:00")), "00:30 EDT on the 12th is in week 2")
        #expect(one.contains(.utc("2026-03-12 03:59:59")), "23:59:59 EDT on the 11th is in week 1")
        let zone = calendar.zone
        #expect(zone.format(one.end) == "2026-03-12 00:00 -04:00")
        #expect(zone.format(one.start) == "2026-03-05 00:00 -05:00")
    }

    /// And falls back on 2026-11-01: that week is 169 hours long.
    @Test func aWeekAcrossTheAutumnChangeIsAnHourLonger() throws {
        let calendar = try Self.calendar("2026-10-29", "America/New_York")
        let one = calendar.week(1)
        #expect(one.start == .utc("2026-10-29 04:00:00"))
        #expect(one.end == .utc("2026-11-05 05:00:00"))
        #expect(one.end.seconds - one.start.seconds == 169 * 3600)
    }

    /// Where a change skips midnight itself (Santiago springs forward at 24:00), the week
    /// starts at the first moment of the local date, 01:00.
    @Test func aMissingMidnightStartsTheWeekAtTheFirstLocalMoment() throws {
        let calendar = try Self.calendar("2026-09-06", "America/Santiago")
        let one = calendar.week(1)
        let zone = calendar.zone
        #expect(zone.local(one.start).dateText == "2026-09-06")
        #expect(zone.local(Instant(millis: one.start.millis - 1)).dateText == "2026-09-05")
        #expect(zone.local(one.end).dateText == "2026-09-13" && zone.local(one.end).hour == 0)
    }

    /// Fixed offsets have no changes: every week is 168 hours.
    @Test func fixedOffsetsGiveEqualWeeks() throws {
        let calendar = try Self.calendar("2026-01-01", "-09:30")
        for number in 1...60 {
            let week = calendar.week(number)
            #expect(week.end.seconds - week.start.seconds == 168 * 3600)
            #expect(calendar.zone.local(week.start).hour == 0)
        }
    }
}
