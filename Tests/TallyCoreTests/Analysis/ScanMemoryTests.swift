import Foundation
import TallySQLite
import Testing

@testable import TallyCore

/// What the vote scan holds besides its figures (bench/RESULTS.md, issue 14 round 3: the weekly
/// run over 10M votes and 104 weeks peaked above 64 MB). Structural checks, not timings.
@Suite("Vote scan memory")
struct ScanMemoryTests {
    /// Seconds spread over two years arrive in session order, so the list grows past its first
    /// compaction before any day has enough seconds for a bitmap; once the days are bitmaps the
    /// list is nearly empty and must not keep its old capacity (2 MB a partition at 10M votes).
    @Test func secondSetGivesBackTheListOnceTheDaysAreBitmaps() {
        var set = SecondSet()
        let days: Int64 = 730
        let perDay = Int64(SecondSet.denseFrom) + 20
        for index in 0..<(days * perDay) {
            let day = index % days
            set.insert(day * 86_400 + (index / days) * 97 % 86_400)
        }
        _ = set.longestGap()  // compacts: every day now holds a bitmap
        #expect(set.denseDays == Int(days))
        let bitmaps = Int(days) * 86_400 / 8
        #expect(
            set.storedBytes <= bitmaps + 1_048_576,
            "\(set.storedBytes) bytes, of which bitmaps \(bitmaps): the list kept its capacity")
    }
}
