import Foundation
import TallySQLite
import TallyTestSupport
import Testing

@testable import TallyCore

/// Issue 21.4: an option created mid-poll is counted over the sessions that could choose it (their last
/// counted vote is at or after its creation), for its share, range, chance and co-votes; the analysis and
/// `queries/` agree (the real `sqlite3` shell as the oracle).
@Suite("Late options: counted over the voters who could choose them", .timeLimit(.minutes(10)))
struct LateOptionTests {
    /// Options 1 and 2 from the start, option 3 from 01-10 noon. Six sessions finish before option 3 exists;
    /// four vote after it (two choose it, both with option 1); one votes before and again after (so it saw
    /// option 3 and passed it over).
    static func database() throws -> VoteDatabase {
        var votes: [(Int64, String, String)] = []
        for s in 1...6 { votes.append((s % 2 == 0 ? 1 : 2, "early\(s)", "2026-01-0\(s) 08:00:00")) }
        votes.append((1, "early1", "2026-01-06 09:00:00"))
        for s in 1...4 {
            votes.append((s <= 2 ? 3 : 2, "late\(s)", "2026-01-1\(s) 08:00:00"))
            votes.append((1, "late\(s)", "2026-01-1\(s) 08:01:00"))
        }
        votes.append((2, "both", "2026-01-05 08:00:00"))
        votes.append((2, "both", "2026-01-15 08:00:00"))
        return try VoteDatabase(
            options: [
                (1, "first", "original", "2026-01-01 00:00:00"), (2, "second", "original", "2026-01-01 00:00:00"),
                (3, "late", "original", "2026-01-10 12:00:00"),
            ], votes: votes)
    }

    static let parameters = ReportParameters(asOf: .utc("2026-02-01 00:00:00"))

    @Test func aLateOptionsShareRangeAndChanceAreAmongItsVoters() async throws {
        let database = try Self.database()
        let model = try database.report(Self.parameters)
        let options = try #require(model.sections.first).options
        let late = try #require(options.first { $0.id == 3 })
        #expect(model.totals.voters == 11)
        #expect(late.voters == 2 && late.eligible == 5, "\(late)")
        #expect(late.share == 0.4)
        #expect(late.interval == WilsonInterval(successes: 2, trials: 5))
        #expect(late.chanceOfLeading != nil)
        // The options there from the start keep every counted session as their denominator.
        #expect(options.filter { $0.id != 3 }.allSatisfy { $0.eligible == nil })
        // Co-votes: the late option's pair with option 1 is compared with the sessions that could choose it.
        let pair = try #require(model.sections.first?.covotes.first { $0.a == 1 && $0.b == 3 })
        #expect(pair.voters == 2)
        // Its baseline is the four sessions of two choices that saw option 3 (shares 1, 1/2, 1/2 there: d = 1/2,
        // weights 1/2, 1/2, 1/8 scaled to add up to 4 pairs), not early1, which chose two before option 3
        // existed: 4 × (1/2) / (9/8) = 16/9. Over every session of two choices it would be 5 × … with shares
        // 1, 3/5, 2/5.
        #expect(abs(pair.expected - 16.0 / 9.0) < 1e-9, "\(pair)")
    }

    @Test func theQueriesCountTheSameVotableSessions() async throws {
        let database = try Self.database()
        let swift = try database.figures(Self.parameters)
        let sql = try await ReportFigures(queryResults: QueryShell.results(database.path, parameters: Self.parameters))
        #expect(swift.choices == sql.choices)
        let votable = try #require(sql.choices).filter { $0.votable == [1, 2, 3] }.reduce(0) { $0 + $1.sessions }
        #expect(votable == 5)
        let rows = try await QueryShell.rows(
            database.path, query: PortableQuery.named("tally"), parameters: Self.parameters)
        let late = try #require(rows.first { $0["id"]?.int64 == 3 })
        #expect(late["eligible"]?.int64 == 5 && late["share"]?.double == 0.4, "\(late)")
    }

    /// An option created after every counted vote: nobody could choose it, as before.
    @Test func throughBeforeTheLateOptionLeavesItUnvotable() async throws {
        let database = try Self.database()
        var parameters = Self.parameters
        parameters.through = .utc("2026-01-10 12:30:00")
        let model = try database.report(parameters)
        let late = try #require(model.sections.first?.options.first { $0.id == 3 })
        #expect(late.eligible == 0 && late.share == nil && late.interval == nil && late.chanceOfLeading == nil)
    }

    /// Issue 37.1: options 1–5 from the start, option 6 ("late") from 01-20, after 60 of the 90 sessions had voted;
    /// 24 of the 30 who could choose it did (80%). It was ranked 6th by voters, labelled "can't tell apart" with a 92%
    /// chance of leading, options 1 and 2 "leader" with 3% each and options 3–5 "behind" the option ranked 6th.
    static func lateLeader() throws -> VoteDatabase {
        var votes: [(Int64, String, String)] = []
        func session(_ name: String, _ options: [Int64], day: Int) {
            for (k, option) in options.enumerated() { votes.append((option, name, "2026-01-\(pad(day)) 08:0\(k):00")) }
        }
        func pad(_ day: Int) -> String { day < 10 ? "0\(day)" : "\(day)" }
        let early: [([Int64], Int)] = [([1, 2, 3], 20), ([1, 2, 4], 15), ([3, 4, 5], 10), ([5], 15)]
        var count = 0
        for (options, sessions) in early {
            for _ in 0..<sessions {
                count += 1
                session("early\(count)", options, day: 2 + count % 17)
            }
        }
        for s in 0..<30 { session("late\(s)", s < 24 ? [6] : [1, 2], day: 21 + s % 8) }
        let options: [(Int64, String, String, String)] =
            VoteDatabase.fiveOptions + [(6, "late", "original", "2026-01-20 00:00:00")]
        return try VoteDatabase(options: options, votes: votes)
    }

    /// Issue 47.1 restores the mission's rule over issue 37.1's placement by chance: the late option (24 voters) ranks
    /// by voters, below options with more, and is compared over the 30 voters who could choose it, against the others'
    /// voters among the same 30 (its own line), where it leads: never a rank or a leader's title from its share.
    @Test func aLateOptionChosenByMostWhoCouldIsRankedByVotersAndComparedAmongThem() async throws {
        let model = try await Self.lateLeader().report(Self.parameters)
        let options = try #require(model.sections.first).options
        let late = try #require(options.first { $0.id == 6 })
        #expect(late.voters == 24 && late.eligible == 30 && late.share == 0.8)
        #expect(options.map(\.id) == [1, 2, 3, 4, 5, 6])
        #expect(options.map(\.rank) == [1, 1, 3, 4, 4, 6])
        #expect(model.sections.first?.leaders.map(\.id) == [1, 2])
        #expect(late.standing == .notDistinguishable, "\(late)")
        // Its comparison: the 30 sessions that could choose it; 24 chose it, 6 chose options 1 and 2.
        let same = try #require(late.sameVoters)
        #expect(same.sessions == 30)
        #expect(same.options.map(\.id).prefix(3) == [6, 1, 2] && same.options.map(\.voters).prefix(3) == [24, 6, 6])
        #expect(late.chanceOfLeading == same.options.first?.chance && (late.chanceOfLeading ?? 0) > 0.9)
        // Among the options open the whole time, the chance never rises and the word never softens down the table.
        func severity(_ s: ReportModel.Standing?) -> Int {
            [.leader: 0, .notDistinguishable: 1, .probablyBehind: 2, .behind: 3][s!]!
        }
        let original = options.filter { $0.id != 6 }
        #expect(original.allSatisfy { $0.sameVoters == nil })
        for (a, b) in zip(original, original.dropFirst()) {
            #expect((a.chanceOfLeading ?? 0) >= (b.chanceOfLeading ?? 0), "\(a.id) before \(b.id)")
            #expect(severity(a.standing) <= severity(b.standing), "\(a.id) before \(b.id)")
        }
    }

    /// Issue 37.2: a vote cast before its option existed (option 3 created after every vote) counts as the data
    /// says, but made "100% among 1 voter" and a 33% chance of leading; it makes no share and no chance, and is
    /// flagged among the anomalies.
    @Test func aVoteBeforeItsOptionExistedMakesNoShareOrChance() async throws {
        var votes: [(Int64, String, String)] = (1...9).map {
            ($0 % 2 == 0 ? 1 : 2, "s\($0)", "2026-01-0\($0) 08:00:00")
        }
        votes.append((3, "s5", "2026-01-05 09:00:00"))
        let database = try VoteDatabase(
            options: [
                (1, "first", "original", "2026-01-01 00:00:00"), (2, "second", "original", "2026-01-01 00:00:00"),
                (3, "later", "original", "2026-01-20 00:00:00"),
            ], votes: votes)
        let model = try database.report(Self.parameters)
        let later = try #require(model.sections.first?.options.first { $0.id == 3 })
        #expect(later.voters == 1 && later.votes == 1)
        #expect(later.share == nil && later.interval == nil && later.chanceOfLeading == nil && later.standing == nil)
        #expect(model.sections.first?.options.last?.id == 3)
        #expect(model.anomalies.contains { $0.kind == .voteBeforeOption && $0.total == 1 })
        // The query counts the same: nobody could choose it, so no share.
        let rows = try await QueryShell.rows(
            database.path, query: PortableQuery.named("tally"), parameters: Self.parameters)
        let row = try #require(rows.first { $0["id"]?.int64 == 3 })
        #expect(row["eligible"]?.int64 == 0 && row["share"]?.double == nil, "\(row)")
    }
}
