import Foundation
import Testing

@testable import TallyCore

/// Issue 12 item 8: a local time in a daylight-saving gap or overlap is read by the compatible rule,
/// and the reading is reported so the CLI can say it; an explicit offset chooses.
@Suite("Local times in daylight-saving gaps and overlaps")
struct LocalTimeReadingTests {
    let newYork: Zone

    init() throws { newYork = try Zone(parsing: "America/New_York") }

    static func utc(_ text: String) throws -> Instant {
        try #require(StoredTimestamp.parse(text))
    }

    @Test func aTimeInTheSpringGapIsReadAtTheOldOffsetAndSaysSo() throws {
        let time = try newYork.readUserTime("2026-03-08 02:30")
        #expect(time.instant == (try Self.utc("2026-03-08 07:30:00")))
        let ambiguity = try #require(time.ambiguity)
        #expect(ambiguity.reading == .skipped(time.instant, offsetBefore: -5 * 3600, offsetAfter: -4 * 3600))
        #expect(
            ambiguity.description
                == "2026-03-08 02:30 does not exist in America/New_York (the clocks jump from -05:00 to -04:00); "
                + "read as 2026-03-08 03:30 -04:00 (the typed time at the old offset -05:00); for "
                + "2026-03-08 01:30 -05:00 write '2026-03-08 02:30-04:00'")
        // The suggested text means what it says.
        #expect(try newYork.readUserTime("2026-03-08 02:30-04:00").instant == (try Self.utc("2026-03-08 06:30:00")))
    }

    @Test func aTimeInTheAutumnOverlapIsTheFirstAndSaysSo() throws {
        let time = try newYork.readUserTime("2026-11-01 01:30")
        #expect(time.instant == (try Self.utc("2026-11-01 05:30:00")))
        let ambiguity = try #require(time.ambiguity)
        #expect(
            ambiguity.reading
                == .repeated(earlier: try Self.utc("2026-11-01 05:30:00"), later: try Self.utc("2026-11-01 06:30:00")))
        #expect(
            ambiguity.description
                == "2026-11-01 01:30 happens twice in America/New_York (the clocks are turned back); read as the "
                + "first, 2026-11-01 01:30 -04:00; for the second write '2026-11-01 01:30-05:00'")
    }

    @Test func anExplicitOffsetChoosesAndIsNoGuess() throws {
        let first = try newYork.readUserTime("2026-11-01 01:30-04:00")
        let second = try newYork.readUserTime("2026-11-01 01:30-05:00")
        #expect(first == UserTime(instant: try Self.utc("2026-11-01 05:30:00"), ambiguity: nil))
        #expect(second == UserTime(instant: try Self.utc("2026-11-01 06:30:00"), ambiguity: nil))
    }

    @Test func ordinaryTimesAndFixedZonesHaveNoAmbiguity() throws {
        #expect(try newYork.readUserTime("2026-11-01 03:30").ambiguity == nil)
        #expect(try newYork.readUserTime("2026-03-08").ambiguity == nil)
        #expect(try Zone(parsing: "+08:00").readUserTime("2026-03-08 02:30").ambiguity == nil)
        // parseUserTime keeps its answers: the reading taken is the same instant.
        #expect(try newYork.parseUserTime("2026-03-08 02:30") == (try Self.utc("2026-03-08 07:30:00")))
    }
}
