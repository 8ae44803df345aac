import Foundation
import TallySQLite
import Testing

@testable import TallyCore

/// The author's own query from the brief must run unchanged on the toolkit's schema and agree
/// with the report.
@Suite("The author's query, verbatim", .timeLimit(.minutes(10)))
struct AuthorQueryTests {

    @Test func runsOnTheDemoAndAgreesWithTheReport() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("demo.sqlite")
        try DatabaseFile.build(at: path) { try Demo.write(into: $0) }
        let shell = try await SQLiteShell.rows(path, BriefFixtures.authorsQuery)
        #expect(shell.count == 5)
        #expect(shell.map { $0[2] } == ["10", "10", "6", "5", "5"])
        #expect(shell.map { Int($0[1])! }.reduce(0, +) == 43)
        let model = try Analyzer(parameters: .demo()).report(from: DatabaseFile.openForReading(path))
        let original = try #require(model.sections.first { $0.name == "original" })
        let byContent = Dictionary(uniqueKeysWithValues: original.options.map { ($0.content, $0) })
        for row in shell {
            let option = try #require(byContent[row[0]])
            #expect(String(option.votes) == row[1])
            #expect(String(option.voters) == row[2])
        }
        // In-process too, through the same library the analysis uses.
        let rows = try DatabaseFile.openForReading(path).query(BriefFixtures.authorsQuery)
        #expect(rows.map { $0["voters"]?.int64 } == [10, 10, 6, 5, 5])
    }

    /// The report reads the votes through the covering index in session order: no sort, no temp B-tree.
    @Test func theVoteScanUsesTheCoveringIndexWithoutSorting() async throws {
        let db = try Connection(path: ":memory:", mode: .create)
        try Migrator().migrate(db)
        let plan = try db.query("EXPLAIN QUERY PLAN " + VoteScan.sql).compactMap { $0["detail"]?.string }
        #expect(plan == ["SCAN votes USING COVERING INDEX votes_session_time_option"])
    }
}
