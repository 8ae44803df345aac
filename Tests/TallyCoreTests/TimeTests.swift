import Testing

@testable import TallyCore

@Suite("Stored timestamps and zones")
struct TimeTests {
    @Test(arguments: [
        ("2026-09-18 18:06:00", 1_789_754_760_000 as Int64),
        ("2026-09-18T18:06:00.000Z", 1_789_754_760_000),
        ("2026-09-18T18:06:00Z", 1_789_754_760_000),
        ("2026-09-18T18:06:00.5Z", 1_789_754_760_500),
        ("2026-09-19T02:06:00+08:00", 1_789_754_760_000),
        ("2026-09-18 18:06", 1_789_754_760_000),
    ])
    func storedFormsAreNormalised(_ text: String, _ millis: Int64) {
        #expect(StoredTimestamp.parse(text) == Instant(millis: millis))
    }

    @Test(arguments: [
        "", "yesterday", "2026-09-18", "2026-13-01 00:00:00", "2026-02-30 10:00:00",
        "2026-09-18 25:00:00", "2026-09-18 18:06:00 UTC", "2026-09-18 18:06:00.Z", "１２３",
    ])
    func unparseableTextIsRejected(_ text: String) {
        #expect(StoredTimestamp.parse(text) == nil)
    }

    @Test func onlyTheExactD1FormIsCanonical() {
        func shape(_ text: String) -> StoredTimestamp.Shape? {
            var copy = text
            return copy.withUTF8 { StoredTimestamp.parse(bytes: $0)?.shape }
        }
        #expect(shape("2026-09-18 18:06:00") == .d1)
        #expect(shape("2026-09-18T18:06:00.000Z") == .other)
        #expect(shape("2026-09-18 18:06") == .other)
    }

    @Test func d1TextRoundTrips() {
        let instant = StoredTimestamp.parse("2024-02-29 23:59:59")!
        #expect(instant.d1Text == "2024-02-29 23:59:59")
        #expect(Instant(millis: -1).d1Text == "1969-12-31 23:59:59")
    }

    @Test func fixedOffsetsAndNames() throws {
        #expect(try Zone(parsing: "+08:00").identifier == "+08:00")
        #expect(try Zone(parsing: "+0800").identifier == "+08:00")
        #expect(try Zone(parsing: "-05:30").identifier == "-05:30")
        #expect(try Zone(parsing: "UTC") == .utc)
        #expect(try Zone(parsing: "Asia/Taipei").identifier == "Asia/Taipei")
        for bad in ["Mars/Olympus", "EST", "+25:00", "8", "", "+08:0"] {
            #expect(throws: TimeError.unknownZone(bad)) { try Zone(parsing: bad) }
        }
    }

    @Test func userTimesInTaipei() throws {
        let zone = try Zone(parsing: "Asia/Taipei")
        #expect(try zone.parseUserTime("2026-09-19 02:11").d1Text == "2026-09-18 18:11:00")
        #expect(try zone.parseUserTime("2026-09-19T02:11:30").d1Text == "2026-09-18 18:11:30")
        #expect(try zone.parseUserTime("2026-09-19").d1Text == "2026-09-18 16:00:00")
        #expect(try zone.parseUserTime("2026-09-18 18:11Z").d1Text == "2026-09-18 18:11:00")
        #expect(try zone.parseUserTime("2026-09-19 02:11+08:00").d1Text == "2026-09-18 18:11:00")
        #expect(zone.format(StoredTimestamp.parse("2026-09-23 15:04:12")!) == "2026-09-23 23:04 +08:00")
        #expect(zone.iso8601(StoredTimestamp.parse("2026-09-23 15:04:12")!) == "2026-09-23T23:04:12+08:00")
        for bad in ["tomorrow", "2026-09-19 2:11", "2026/09/19", "2026-09-31", "2026-09-19 02:61", "9999-12-31 02:61"] {
            #expect(throws: TimeError.malformedTime(bad)) { try zone.parseUserTime(bad) }
        }
        // Well written, on a day outside the range: said so, not "cannot read" (it said that before).
        for far in ["9999-12-31 00:00", "9999-12-31 00:00Z", "0001-01-01 12:00:00", "0001-01-01 12:00+08:00"] {
            #expect(throws: TimeError.outOfRange(far)) { try zone.parseUserTime(far) }
        }
        #expect(TimeError.outOfRange("9999-12-31 00:00").description.contains("0001-01-02 to 9999-12-30"))
        #expect(try zone.parseUserTime("9999-12-30 00:00Z").d1Text == "9999-12-30 00:00:00")
    }

    @Test func newYorkSpringForwardDay() throws {
        // 2026-03-08: clocks go from 02:00 EST (-05:00) to 03:00 EDT (-04:00).
        let zone = try Zone(parsing: "America/New_York")
        #expect(try zone.parseUserTime("2026-03-08 01:30").d1Text == "2026-03-08 06:30:00")
        #expect(try zone.parseUserTime("2026-03-08 03:30").d1Text == "2026-03-08 07:30:00")
        // 02:30 does not exist that day; it is read as 03:30 EDT, just after the gap.
        #expect(try zone.parseUserTime("2026-03-08 02:30").d1Text == "2026-03-08 07:30:00")
        #expect(zone.format(StoredTimestamp.parse("2026-03-08 06:59:00")!) == "2026-03-08 01:59 -05:00")
        #expect(zone.format(StoredTimestamp.parse("2026-03-08 07:00:00")!) == "2026-03-08 03:00 -04:00")
    }

    @Test func newYorkFallBackDayTakesTheEarlierOfTwo() throws {
        // 2026-11-01: 01:30 happens twice; the first one (EDT, -04:00) is meant.
        let zone = try Zone(parsing: "America/New_York")
        #expect(try zone.parseUserTime("2026-11-01 01:30").d1Text == "2026-11-01 05:30:00")
        #expect(try zone.parseUserTime("2026-11-01 01:30-05:00").d1Text == "2026-11-01 06:30:00")
    }

    @Test func civilDaysRoundTripAcrossCenturies() {
        for days in stride(from: Int64(-800_000), through: 800_000, by: 997) {
            let (y, m, d) = CivilDateTime.civil(fromDays: days)
            #expect(CivilDateTime.days(year: y, month: m, day: d) == days)
        }
    }
}
