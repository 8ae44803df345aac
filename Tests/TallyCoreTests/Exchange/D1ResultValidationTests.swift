import Foundation
import TallySQLite
import Testing

@testable import TallyCore

/// Issue 12, item 11: results that no database can produce are refused, all of them at once.
@Suite("D1 results: impossible values")
struct D1ResultValidationTests {
    typealias Fixture = D1JSONResultsTests.Fixture

    /// Changes the value of `column` in row `row` (0-based) of `query`'s result; nil adds a copy of the row.
    func edit(_ fixture: Fixture, _ query: String, row: Int, _ column: String? = nil, to value: Any? = nil) throws {
        let path = fixture.file(query + ".json")
        var outer = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
                as? [[String: Any]])
        var results = try #require(outer[0]["results"] as? [[String: Any]])
        try #require(row < results.count)
        if let column {
            try #require(results[row][column] != nil)
            results[row][column] = value
        } else {
            results.append(results[row])
        }
        outer[0]["results"] = results
        try JSONSerialization.data(withJSONObject: outer).write(to: URL(fileURLWithPath: path))
        // The SQL beside the result would still match: the edit is in the rows only.
    }

    func refusal(_ fixture: Fixture) throws -> [D1ResultProblem] {
        do {
            _ = try D1JSONResults(paths: [fixture.results]).figures()
            Issue.record("the edited results were accepted")
            return []
        } catch {
            guard case .impossibleValues(let problems) = error else {
                Issue.record("another refusal: \(error)")
                return []
            }
            return problems
        }
    }

    /// Reproduction of the issue's three cases: before, the report rendered them.
    @Test func theIssuesCasesAreAllNamedTogether() throws {
        let fixture = try Fixture()
        let firstVotes = try #require(try rows(fixture, "tally")[0]["votes"] as? Int)
        try edit(fixture, "tally", row: 2, "voters", to: -5)
        try edit(fixture, "tally", row: 0, "voters", to: 16)
        try edit(fixture, "tally", row: 0, "votes", to: 30)
        try edit(fixture, "tally", row: 0, "votes_all", to: 30)
        try edit(fixture, "tally", row: 0, "voters_all", to: 19)
        try edit(fixture, "activity", row: 1)
        let problems = try refusal(fixture)
        let tally = fixture.file("tally.json")
        let activity = fixture.file("activity.json")
        let day = try dayText(fixture, row: 1)
        #expect(
            problems.map(\.description) == [
                "\(tally) (query tally), row 1, voters = 16: expected at most 15, the voters of the whole poll (totals)",
                "\(tally) (query tally), row 3, voters = -5: expected a count, 0 or more",
                "\(tally) (query tally), votes (sum of all rows) = \(43 - firstVotes + 30): expected at most 43, the votes of totals",
                "\(activity) (query activity), row \(try rowCount(fixture, "activity")), day = \(day): expected each day once",
                "\(activity) (query activity), votes (sum of all rows) = \(43 + (try dayVotes(fixture, row: 1))): "
                    + "expected at most 43, the votes of totals",
            ])
        let message = D1JSONError.impossibleValues(problems).description
        #expect(message.hasPrefix("5 impossible values in 2 result files; no query on one database gives these"))
        #expect(message.contains("\n  \(tally) (query tally), row 3, voters = -5: expected a count, 0 or more"))
    }

    @Test func moreThanTwentyAreCountedNotAllShown() throws {
        let problems = (1...25).map {
            D1ResultProblem(
                file: "t.json", query: "tally", row: $0, column: "votes", value: "-1", accepted: "0 or more")
        }
        let lines = D1JSONError.impossibleValues(problems).description.split(separator: "\n")
        #expect(lines.count == 1 + 20 + 1)
        #expect(lines.last == "  … and 5 more")
    }

    /// The checks can only refuse what no database gives: the analysis's own figures of
    /// the demo and of the random databases of the differential test all pass.
    @Test(arguments: Array(UInt64(1)...UInt64(16)))
    func whatADatabaseGivesIsNeverRefused(seed: UInt64) throws {
        let fixture = try Fixture()
        let results = try D1JSONResults(paths: [fixture.results])
        let scenario = try Scenario(seed: seed)
        let figures = try Analyzer(parameters: scenario.parameters).figures(
            from: DatabaseFile.openForReading(scenario.path))
        #expect(results.problems(in: figures) == [])
        #expect(results.problems(in: try results.figures()) == [])
    }

    // MARK: Helpers reading the fixture

    func rows(_ fixture: Fixture, _ query: String) throws -> [[String: Any]] {
        let outer = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: fixture.file(query + ".json"))))
                as? [[String: Any]])
        return try #require(outer[0]["results"] as? [[String: Any]])
    }

    func rowCount(_ fixture: Fixture, _ query: String) throws -> Int { try rows(fixture, query).count }

    func dayText(_ fixture: Fixture, row: Int) throws -> String {
        try #require(try rows(fixture, "activity")[row]["day"] as? String)
    }

    func dayVotes(_ fixture: Fixture, row: Int) throws -> Int {
        try #require(try rows(fixture, "activity")[row]["votes"] as? Int)
    }
}
