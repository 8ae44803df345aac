import Foundation
import TallySQLite
import Testing

@testable import TallyCore

/// How many votes sessions used (the report's usage table): sessions below `VoteScan.usageSlots`
/// votes are counted in a flat array, larger ones in a dictionary; a session crossing from one to
/// the other between two boundaries must leave the first and join the second.
@Suite("Usage of votes per session")
struct UsageSlotsTests {
    /// Sessions of 1–40 votes, half of them voting one option twice, every vote on 2026-09-15;
    /// session `cross` votes 10 times before noon and 10 after.
    static func database() throws -> VoteDatabase {
        var votes: [(Int64, String, String)] = []
        for size in [1, 2, 3, 14, 15, 16, 17, 31, 40] {
            for copy in 0..<2 {
                for vote in 0..<size {
                    let option = Int64(copy == 1 && vote == 1 ? 1 : vote % 5 + 1)
                    votes.append(
                        (option, "s\(size)-\(copy)", String(format: "2026-09-15 09:%02d:%02d", vote / 60, vote % 60)))
                }
            }
        }
        for vote in 0..<20 {
            votes.append(
                (Int64(vote % 5 + 1), "cross", String(format: "2026-09-15 %02d:00:%02d", vote < 10 ? 11 : 13, vote)))
        }
        return try VoteDatabase(votes: votes)
    }

    /// SQLite's answer: per number of votes used, the sessions and those that voted an option twice.
    static func oracle(_ db: Connection, through: String) throws -> [ReportFigures.Usage] {
        try db.query(
            """
            SELECT n, count(*), sum(stacked) FROM (
              SELECT count(*) AS n, count(*) > count(DISTINCT option_id) AS stacked FROM votes
              WHERE created_at <= ? GROUP BY session_id)
            GROUP BY n ORDER BY n
            """, [.text(through)]
        ).map { row in
            ReportFigures.Usage(
                votesUsed: Int(row[0].int64!), sessions: Int(row[1].int64!), stackingSessions: Int(row[2].int64!))
        }
    }

    @Test func everySizeIsCountedInOneReport() throws {
        let db = try Self.database()
        let figures = try db.figures(ReportParameters(asOf: .utc("2026-10-01 00:00:00")))
        #expect(figures.usage == (try Self.oracle(db.open(), through: "9999")))
        #expect(figures.usage.contains { $0.votesUsed == 2 && $0.sessions == 2 && $0.stackingSessions == 1 })
        #expect(figures.usage.contains { $0.votesUsed == 40 && $0.sessions == 2 })
    }

    /// Two boundaries in one pass (as `tally weekly` counts): `cross` used 10 votes at noon, 20 by the end.
    @Test func aSessionCrossingTheSlotsBetweenBoundariesMovesOnce() throws {
        let db = try Self.database()
        let connection = try db.open()
        let parameters = ReportParameters(asOf: .utc("2026-10-01 00:00:00"))
        let through = [Instant.utc("2026-09-15 12:00:00"), Instant.utc("2026-09-30 00:00:00")]
        let analyzer = Analyzer(parameters: parameters)
        let table = try analyzer.readOptions(connection)
        var scan = VoteScan(parameters: parameters, options: table, through: through.map(\.millis))
        try scan.run(connection.prepare(VoteScan.sql))
        var usage: [[ReportFigures.Usage]] = []
        let queries = PreparedQueries(connection)
        try scan.reports(asOf: through) {
            usage.append(try analyzer.figures(from: queries, table: table, votes: $0, moderationRecord: false).usage)
        }
        #expect(usage[0] == (try Self.oracle(connection, through: "2026-09-15 12:00:00")))
        #expect(usage[1] == (try Self.oracle(connection, through: "2026-09-30 00:00:00")))
        #expect(usage[0].contains { $0.votesUsed == 10 && $0.sessions == 1 })
        #expect(usage[1].contains { $0.votesUsed == 20 && $0.sessions == 1 })
    }
}
