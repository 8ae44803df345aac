import Foundation
import TallyCore
import TallySQLite
import Testing

/// Pull sees every edited vote (#38): the two edits that the old weighted sum cancelled,
/// through the stand-in D1, each said as the range it fetched again (from the lowest id, not
/// "ids -65535–65535"), after which the copy's votes are D1's row for row.
@Suite("Sync with D1: pull sees every edited vote", .serialized, .timeLimit(.minutes(10)))
struct SyncVoteDigestPullTests {
    /// The demo D1 with votes up to id 1,100 (vote 1 on option 1, vote 1010 on option 4), pulled into `a`.
    static func bed() async throws -> SyncBed {
        let bed = try SyncBed()
        _ = try await SQLiteShell.run(
            bed.d1,
            input: """
                WITH RECURSIVE n(i) AS (SELECT 56 UNION ALL SELECT i + 1 FROM n WHERE i < 1100)
                INSERT INTO votes (id, option_id, session_id, created_at)
                SELECT i, 1 + i % 4, 'sess-' || (i % 37), datetime('2026-09-20 00:00:00', '+' || (i * 7) || ' seconds')
                  FROM n;
                UPDATE votes SET option_id = 1 WHERE id IN (1, 7);
                UPDATE votes SET option_id = 4 WHERE id = 1010;
                """)
        #expect(try await bed.tally("a", ["pull", "--wrangler", "prod"]).status == 0)
        return bed
    }

    static func expectSameVotes(_ bed: SyncBed, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let read = "SELECT id, option_id, session_id, created_at FROM votes ORDER BY id"
        #expect(try await bed.rows("a", read) == bed.rows("d1.sqlite", read), sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        "UPDATE votes SET option_id = CASE id WHEN 1 THEN 4 ELSE 1 END WHERE id IN (1, 1010);",
        "UPDATE votes SET option_id = 4, created_at = datetime(created_at, '-10 seconds') WHERE id = 7;",
    ])
    func anEditTheOldDigestCancelledIsFetchedAgain(edit: String) async throws {
        let bed = try await Self.bed()
        _ = try await SQLiteShell.run(bed.d1, input: edit)
        let pulled = try await bed.tally("a", ["pull", "--wrangler", "prod"])
        #expect(pulled.status == 0, "\(pulled.stdout)\(pulled.stderr)")
        #expect(
            pulled.stderr.contains("warning: 1 range(s) of votes the copy held differ from D1's (ids 1–1100)"),
            "\(pulled.stderr)")
        try await Self.expectSameVotes(bed)
    }
}
