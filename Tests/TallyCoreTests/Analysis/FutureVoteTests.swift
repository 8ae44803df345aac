import Foundation
import TallyCore
import TallySQLite
import Testing

/// Issue 12, item 9: a vote dated after the as-of time. Refused when the as-of time was asked for
/// (`FutureVotes.refused`); counted and flagged when it is the clock's now (`.flagged`).
@Suite("Votes dated after the as-of time")
struct FutureVoteTests {
    /// One vote in time, one in 2030.
    static func database() throws -> VoteDatabase {
        try VoteDatabase(votes: [(1, "a", "2026-09-15 10:00:00"), (2, "b", "2030-01-01 00:00:00")])
    }

    @Test func anAsOfBeforeTheLastVoteIsRefusedByDefault() throws {
        let db = try FutureVoteTests.database()
        let parameters = ReportParameters(asOf: .utc("2026-10-01 00:00:00"))
        #expect(
            throws: AnalysisError.asOfBeforeLastVote(
                asOf: .utc("2026-10-01 00:00:00"), lastVote: .utc("2030-01-01 00:00:00"), zone: .utc)
        ) {
            try db.report(parameters)
        }
    }

    @Test func flaggedTheyAreCountedAndNothingIsSaidSinceThem() throws {
        let db = try FutureVoteTests.database()
        var parameters = ReportParameters(asOf: .utc("2026-10-01 00:00:00"))
        parameters.futureVotes = .flagged
        let model = try db.report(parameters)
        #expect(model.totals.votesAll == 2)
        #expect(model.totals.votes == 2)
        let future = try #require(model.anomalies.first { $0.kind == .futureVote })
        #expect(future.total == 1)
        #expect(future.examples.map(\.at) == [.utc("2030-01-01 00:00:00")])
        #expect(model.activity.lastVote == .utc("2030-01-01 00:00:00"))
        #expect(model.activity.sinceLastVote == nil)
        #expect(model.activity.quietLocalDays == nil)
    }

    @Test func flaggedWithoutLaterVotesTheReportIsUnchanged() throws {
        let db = try VoteDatabase(votes: [(1, "a", "2026-09-15 10:00:00")])
        var parameters = ReportParameters(asOf: .utc("2026-10-01 00:00:00"))
        let refused = try db.report(parameters)
        parameters.futureVotes = .flagged
        let flagged = try db.report(parameters)
        #expect(flagged.activity == refused.activity)
        #expect(
            flagged.activity.sinceLastVote
                == (Instant.utc("2026-10-01 00:00:00").millis - Instant.utc("2026-09-15 10:00:00").millis))
        #expect(flagged.anomalies == refused.anomalies)
        #expect(flagged.sections == refused.sections)
    }
}
