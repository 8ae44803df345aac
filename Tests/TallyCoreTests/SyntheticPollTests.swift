import Testing

@testable import TallyCore
import TallySQLite

@Suite("Synthetic polls")
struct SyntheticPollTests {
    static func rows(_ db: Connection) throws -> [Row] {
        try db.query("SELECT id, option_id, session_id, created_at FROM votes ORDER BY id")
    }

    @Test func sameSeedSameRowsOtherSeedOtherRows() throws {
        let a = try Connection(path: ":memory:", mode: .create)
        let b = try Connection(path: ":memory:", mode: .create)
        let c = try Connection(path: ":memory:", mode: .create)
        try SyntheticPoll(votes: 2_000, seed: 7).write(into: a)
        try SyntheticPoll(votes: 2_000, seed: 7).write(into: b)
        try SyntheticPoll(votes: 2_000, seed: 8).write(into: c)
        #expect(try Self.rows(a) == Self.rows(b))
        #expect(try Self.rows(a) != Self.rows(c))
    }

    @Test func shapeMatchesTheRealCase() throws {
        let db = try Connection(path: ":memory:", mode: .create)
        let summary = try SyntheticPoll(votes: 5_000, seed: 3).write(into: db)
        #expect(summary.votes == 5_000)
        #expect(try db.scalar("SELECT count(*) FROM votes") == .integer(5_000))
        #expect(try db.scalar("SELECT count(DISTINCT session_id) FROM votes") == .integer(Int64(summary.sessions)))
        #expect(try db.scalar("SELECT max(n) FROM (SELECT count(*) n FROM votes GROUP BY session_id)") == .integer(3))
        let stacked = try db.scalar(
            "SELECT count(*) FROM (SELECT 1 FROM votes GROUP BY session_id, option_id HAVING count(*) > 1)")
        #expect((stacked?.int64 ?? 0) > 100, "sessions stack votes")
        #expect(try db.query("SELECT section, count(*) FROM survey_options GROUP BY section ORDER BY section")
            .map(\.values) == [[.text("community"), .integer(2)], [.text("original"), .integer(5)]])
        // No vote for a community option before it existed.
        #expect(try db.scalar("""
            SELECT count(*) FROM votes v JOIN survey_options o ON o.id = v.option_id
            WHERE v.created_at < o.created_at
            """) == .integer(0))
        // Smoke tests vote before the launch; everything else within thirty days after it.
        let launch = SyntheticPoll(votes: 1).launch
        #expect(try db.scalar("SELECT count(DISTINCT session_id) FROM votes WHERE created_at < ?", [.text(launch.d1Text)])
            == .integer(4))
        let last = try #require(try db.scalar("SELECT max(created_at) FROM votes")?.string)
        #expect(StoredTimestamp.parse(last)! < launch.adding(seconds: 30 * 86_400 + 600))
        #expect(try Migrator().status(of: db).pending.isEmpty)
    }
}
