import Foundation
import Testing

@testable import TallyCore

@Suite("Analysis internals")
struct AnalysisInternalsTests {
    @Test func boundedListKeepsTheSmallestInOrder() {
        var list = BoundedList<Int>(limit: 3, by: <)
        for value in [9, 4, 7, 1, 8, 3, 2] { list.insert(value) }
        #expect(list.elements == [1, 2, 3])
        #expect(!list.wouldKeep(5))
        #expect(list.wouldKeep(0))
        var none = BoundedList<Int>(limit: 0, by: <)
        none.insert(1)
        #expect(none.elements.isEmpty)
    }

    /// The list is a heap inside: after every insert it must hold what sorting everything seen
    /// and keeping the first `limit` gives, and say "would keep" exactly when that would change.
    @Test(arguments: [0, 1, 2, 7, 100, 600])
    func boundedListAgreesWithSortingAfterEveryInsert(limit: Int) {
        var random = SeededRandom(seed: UInt64(limit) + 1)
        let values = Array(0..<500).shuffled(using: &random)
        var list = BoundedList<Int>(limit: limit, by: <)
        var seen: [Int] = []
        for value in values {
            let expected = Array((seen + [value]).sorted().prefix(limit))
            #expect(list.wouldKeep(value) == expected.contains(value))
            list.insert(value)
            seen.append(value)
            #expect(list.elements == expected)
            #expect(list.count == expected.count)
        }
    }

    @Test func bytesOrderIsSQLitesBinaryOrder() {
        // Swift's String < follows Unicode rules; SQLite compares bytes.
        #expect(bytesPrecede("Z", "a"))
        #expect(bytesPrecede("a", "é"))
        #expect(bytesPrecede("ab", "abc"))
        #expect(!bytesPrecede("abc", "abc"))
    }

    @Test func secondSetFindsTheEarliestLongestGap() throws {
        var set = SecondSet()
        for second: Int64 in [100, 110, 200, 290, 86_400 * 3 + 5, 86_400 * 3 + 5] { set.insert(second) }
        let found = set.longestGap()
        let gap = try #require(found)
        #expect(gap.start == 290)
        #expect(gap.end == 86_400 * 3 + 5)
        var ties = SecondSet()
        for second: Int64 in [0, 10, 20, 30] { ties.insert(second) }
        let tied = ties.longestGap()
        #expect(tied?.start == 0)
        var one = SecondSet()
        one.insert(-5)  // before 1970 works too
        let none = one.longestGap()
        #expect(none == nil)
        one.insert(-86_401)
        let before1970 = one.longestGap()
        #expect(before1970?.start == -86_401)
    }

    /// Issue 12.3: one vote on each of 100,000 days took a 10.8 KB bitmap a day (1.08 GB). The
    /// set must cost what it stores, a few bytes a second, not a bitmap a day.
    @Test func secondSetMemoryFollowsSecondsNotDays() throws {
        var set = SecondSet()
        for day: Int64 in 0..<100_000 { set.insert((day - 50_000) * 86_400 + (day * 7_919) % 86_400) }
        #expect(set.denseDays == 0)
        #expect(set.storedBytes < 100_000 * 20, "\(set.storedBytes) bytes for 100,000 seconds on 100,000 days")
        let found = set.longestGap()
        let gap = try #require(found)
        #expect(gap.end - gap.start > 86_400)
        // A day with many distinct seconds does become a bitmap, bounding the cost of a busy day.
        var busy = SecondSet()
        for second in Int64(0)..<Int64(SecondSet.firstCompaction) { busy.insert(second % 86_400) }
        #expect(busy.denseDays == 1)
        let first = busy.longestGap()
        #expect(first?.end == 1)
    }

    /// The set against a sorted list of distinct seconds, across both kinds of day, compactions and unions.
    @Test(arguments: Array(UInt64(1)...UInt64(6)))
    func secondSetAgreesWithSorting(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        var parts = [SecondSet(), SecondSet()]
        var all: Set<Int64> = []
        let busyDays = (0..<3).map { _ in Int64.random(in: -1_000...1_000, using: &random) }
        for _ in 0..<(SecondSet.firstCompaction + 30_000) {
            let second =
                Bool.random(using: &random)
                ? busyDays.randomElement(using: &random)! * 86_400 + Int64.random(in: 0..<86_400, using: &random)
                : Int64.random(in: -3_000_000_000...3_000_000_000, using: &random)
            parts[Int.random(in: 0...1, using: &random)].insert(second)
            all.insert(second)
        }
        var set = parts[0]
        set.formUnion(parts[1])
        #expect(set.denseDays >= 1)
        let sorted = all.sorted()
        var expected: (start: Int64, end: Int64)?
        for (a, b) in zip(sorted, sorted.dropFirst()) where expected == nil || b - a > expected!.end - expected!.start {
            expected = (a, b)
        }
        let found = set.longestGap()
        let gap = try #require(found)
        #expect(gap.start == expected?.start && gap.end == expected?.end)
    }

    @Test(arguments: ["America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu", "Europe/London", "+05:45", "UTC"])
    func zoneOffsetCacheMatchesTheZoneEverywhere(name: String) throws {
        let zone = try Zone(parsing: name)
        var cache = ZoneOffsetCache(zone: zone)
        // Two years around the 2027 changes, every 7 minutes and 13 seconds, in random order per hour.
        let start: Int64 = 1_798_761_600  // 2027-01-01
        var second = start
        while second < start + 2 * 366 * 86_400 {
            #expect(cache.offset(atSeconds: second) == zone.offset(at: Instant(seconds: second)))
            second += 433
        }
        // Exactly around each change, second by second.
        var previous = zone.offset(at: Instant(seconds: start))
        var hour = start
        while hour < start + 366 * 86_400 {
            let offset = zone.offset(at: Instant(seconds: hour + 3600))
            if offset != previous {
                for s in (hour - 5)...(hour + 3605) {
                    #expect(cache.offset(atSeconds: s) == zone.offset(at: Instant(seconds: s)))
                }
                previous = offset
            }
            hour += 3600
        }
    }
}
