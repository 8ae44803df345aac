import Foundation
import Testing

@testable import TallyCore

/// Offsets with seconds (issue 12.13) and the zone's offset list that the SQL edition maps votes
/// through (issue 15.4).
@Suite("Zone offsets: seconds, and the list D1 gets")
struct ZoneOffsetTests {
    /// Asia/Kolkata kept Madras time (+05:21:10) until 1906; the zone database gives its seconds.
    @Test func anOffsetWithSecondsIsPrintedWholeAndReadBack() throws {
        let zone = try Zone(parsing: "Asia/Kolkata")
        let instant = Instant.utc("1900-06-01 12:00:00")
        let offset = zone.offset(at: instant)
        try #require(offset % 60 != 0, "the zone database gives Kolkata in 1900 an offset of \(offset) s")
        let printed = zone.format(instant, seconds: true)
        #expect(printed.hasSuffix(" " + Zone.offsetText(offset)))
        #expect(Zone.offsetText(offset).count == 9, "\(printed): ±HH:MM:SS")
        #expect(Zone.offsetText(19_768) == "+05:29:28" && Zone.offsetText(-17_762) == "-04:56:02")
        #expect(Zone.offsetText(28_800) == "+08:00")
        // What is printed names the instant exactly: read back, it is the same.
        #expect(zone.iso8601(instant).hasSuffix(Zone.offsetText(offset)))
        #expect(try zone.parseUserTime(zone.iso8601(instant)) == instant)
        // The wall-clock digits are the instant plus the whole offset, seconds included.
        let local = zone.local(instant)
        #expect(local.secondsIfUTC == instant.seconds + Int64(offset))
    }

    @Test func theListFollowsTheZoneDatabaseToTheSecond() throws {
        let zone = try Zone(parsing: "America/New_York")
        let list = zone.offsetList(through: .utc("2028-01-01 00:00:00"))
        #expect(list.first?.since == .utc("0001-01-02 00:00:00"))
        // 2026: EDT from 07:00 UTC on 8 March, EST again from 06:00 UTC on 1 November.
        #expect(list.contains(.init(since: .utc("2026-03-08 07:00:00"), seconds: -14_400)))
        #expect(list.contains(.init(since: .utc("2026-11-01 06:00:00"), seconds: -18_000)))
        // Every entry is where the zone's offset changes, and nothing between two entries changes it.
        for (entry, next) in zip(list, list.dropFirst()) {
            #expect(zone.offset(at: next.since) == next.seconds)
            #expect(zone.offset(at: next.since.adding(seconds: -1)) == entry.seconds)
        }
        #expect(list.count > 200)
        // A fixed offset, and a zone without changes since 1979, are short.
        #expect(try Zone(parsing: "+05:45").offsetList(through: .utc("2028-01-01 00:00:00")).count == 1)
        let json = try Zone(parsing: "Asia/Taipei").offsetListJSON(through: .utc("2026-09-27 04:00:00"))
        #expect(json.hasSuffix(",28800]]"))
    }

    /// The list must fit D1's 100 KB statement with room to spare, for the zones with most changes.
    @Test(arguments: ["America/New_York", "Australia/Lord_Howe", "Europe/London", "America/Sao_Paulo"])
    func theListIsSmall(_ name: String) throws {
        let json = try Zone(parsing: name).offsetListJSON(through: .utc("2026-09-27 04:00:00"))
        #expect(json.utf8.count < 20_000, "\(name): \(json.utf8.count) bytes")
    }
}
