import TallySQLite
import Testing

@testable import TallyCore

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
        #expect(
            try db.query("SELECT section, count(*) FROM survey_options GROUP BY section ORDER BY section")
                .map(\.values) == [[.text("community"), .integer(2)], [.text("original"), .integer(5)]])
        // No vote for a community option before it existed.
        #expect(
            try db.scalar(
                """
                SELECT count(*) FROM votes v JOIN survey_options o ON o.id = v.option_id
                WHERE v.created_at < o.created_at
                """) == .integer(0))
        // Smoke tests vote before the launch; everything else within thirty days after it.
        let launch = SyntheticPoll(votes: 1).launch
        #expect(
            try db.scalar("SELECT count(DISTINCT session_id) FROM votes WHERE created_at < ?", [.text(launch.d1Text)])
                == .integer(4))
        let last = try #require(try db.scalar("SELECT max(created_at) FROM votes")?.string)
        #expect(StoredTimestamp.parse(last)! < launch.adding(seconds: 30 * 86_400 + 600))
        #expect(try Migrator().status(of: db).pending.isEmpty)
    }

    /// `--days`: the votes span the days asked for, the community options open halfway, and the
    /// default of thirty days writes exactly the rows it always did.
    @Test func daysSpreadTheVotes() throws {
        let db = try Connection(path: ":memory:", mode: .create)
        let poll = SyntheticPoll(votes: 6_000, seed: 5, days: 730)
        try poll.write(into: db)
        let first = poll.launch.adding(seconds: -600)
        let days = try #require(
            try db.scalar(
                "SELECT count(DISTINCT substr(created_at, 1, 10)) FROM votes WHERE created_at >= ?",
                [.text(poll.launch.d1Text)])?.int64)
        #expect(days > 600, "6,000 votes over 730 days land on most of them")
        let last = try #require(try db.scalar("SELECT max(created_at) FROM votes")?.string)
        #expect(StoredTimestamp.parse(last)! > poll.launch.adding(seconds: 700 * 86_400))
        #expect(StoredTimestamp.parse(last)! < poll.launch.adding(seconds: 730 * 86_400 + 600))
        #expect(
            try db.scalar("SELECT min(created_at) FROM votes")?.string.flatMap(StoredTimestamp.parse).map {
                $0 >= first
            }
                == true)
        #expect(
            try db.scalar("SELECT min(created_at) FROM survey_options WHERE section = 'community'")
                == .text(poll.launch.adding(seconds: 365 * 86_400).d1Text))
        #expect(
            try db.scalar(
                """
                SELECT count(*) FROM votes v JOIN survey_options o ON o.id = v.option_id
                WHERE v.created_at < o.created_at
                """) == .integer(0))
        let thirty = try Connection(path: ":memory:", mode: .create)
        let standard = try Connection(path: ":memory:", mode: .create)
        try SyntheticPoll(votes: 2_000, seed: 7, days: 30).write(into: thirty)
        try SyntheticPoll(votes: 2_000, seed: 7).write(into: standard)
        #expect(try Self.rows(thirty) == Self.rows(standard))
    }
}
