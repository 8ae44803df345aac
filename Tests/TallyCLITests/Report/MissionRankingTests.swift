import Foundation
import TallyTestSupport
import Testing

/// Issue 47: the mission's rule through the real binary on real SQLite files. Options are ranked by distinct voters
/// and the headline names as leader only the option(s) with the most; an option added later carries its own line;
/// options open for the same time are compared over the same voters; the test-data sentence applies the same rule.
@Suite("Ranked by distinct voters: the mission's rule, late options included", .timeLimit(.minutes(10)))
struct MissionRankingTests {
    static let asOf = "2026-03-01"

    /// Case 1: 100 counted voters, options 1–5 at 62/58/55/52/48 voters, option 6 created after every other voter's
    /// last vote, so that only the last voter could choose it, and she did. It was ranked first and named leader
    /// ("“option 6” leads with 1 voter", 43%), and `--brief` showed it `1 · 100.0%` above options with 61 of 100.
    static func oneVoterLate(at path: String) throws {
        var quota = [62, 58, 55, 52, 48]
        var votes: [(Int64, String, String)] = []
        for s in 0..<99 {
            // 22 sessions of two choices and 77 of three: every quota is used up, every session votes.
            let picks = quota.indices.filter { quota[$0] > 0 }.sorted { quota[$0] > quota[$1] }.prefix(s < 22 ? 2 : 3)
            for (k, option) in picks.enumerated() {
                quota[option] -= 1
                votes.append((Int64(option + 1), "s\(s)", "2026-01-\(10 + s / 10) 0\(s % 10):0\(k):00"))
            }
        }
        votes.append((6, "last", "2026-02-01 10:00:00"))
        let options: [(Int64, String, String, String)] =
            (1...5).map { (Int64($0), "option \($0)", "original", "2026-01-01 00:00:00") } + [
                (6, "option 6", "original", "2026-02-01 09:00:00")
            ]
        try ReportFixtures.database(at: path, options: options, votes: votes)
    }

    @Test func aLateOptionChosenByItsOnlyVoterIsNeitherFirstNorLeader() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("late.sqlite")
        try Self.oneVoterLate(at: path)
        let arguments = ["report", "--db", path, "--as-of", Self.asOf]
        let json = try await TallyProcess.run(arguments + ["--format", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        let document = try ReportFixtures.json(json.stdout)
        let options = try #require(document["options"] as? [[String: Any]])
        let ranked = options.map { "\($0["id"]!):\($0["rank"]!):\($0["voters"]!)" }
        #expect(ranked == ["1:1:62", "2:2:58", "3:3:55", "4:4:52", "5:5:48", "6:6:1"], "\(ranked)")
        let late = try #require(options.first { ($0["id"] as? Int) == 6 })
        #expect(late["standing"] as? String != "leader", "\(late)")
        let sections = try #require(document["sections"] as? [[String: Any]])
        #expect(sections.first?["leaders"] as? [Int] == [1])

        let markdown = try await TallyProcess.run(arguments)
        #expect(markdown.status == 0, "\(markdown.stderr)")
        #expect(markdown.stdout.contains("“option 1” leads with 62 voters."), "\(markdown.stdout)")
        #expect(!markdown.stdout.contains("“option 6” leads"))
        // Its own line: when it was added, how many could choose it, against the others among the same voters.
        #expect(
            markdown.stdout.contains(
                "“option 6” was added on Sun 1 Feb: 1 of the 1 voter who could choose it did (100%), the most among them"
            ),
            "\(markdown.stdout)")
        #expect(markdown.stdout.contains("With 1 voter this is a hint, not a finding."))

        // `--brief`: ranked by voters (option 6 last), shares without a decimal, and the late option's line.
        let brief = try await TallyProcess.run(arguments + ["--brief"])
        #expect(brief.status == 0, "\(brief.stderr)")
        let rows = brief.stdout.split(separator: "\n").filter { $0.hasPrefix("|") && $0.contains("option ") }
        #expect(rows.map { $0.contains("option 6") } == [false, false, false, false, false, true], "\(rows)")
        #expect(rows.first?.contains(" 62% |") == true && rows.last?.contains(" 100% |") == true, "\(rows)")
        #expect(!brief.stdout.contains(".0%"))
        #expect(brief.stdout.contains("“option 6” was added on Sun 1 Feb"))
    }

    /// Case 2: two community options created at the same instant with 12 voters each; one vote for option 4 cast
    /// before it existed (by a session that finished before) raised its eligible count to 52 against 51, so they
    /// ranked 1 and 2 (23.5% against 23.1%) and the section said "“c3” leads with 12 voters".
    @Test func optionsOpenForTheSameTimeAreComparedOverTheSameVoters() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("same.sqlite")
        var votes: [(Int64, String, String)] = []
        for s in 0..<51 {
            let day = "2026-02-\(10 + s / 10) 0\(s % 10)"
            votes.append((s % 2 == 0 ? 1 : 2, "s\(s)", "\(day):00:00"))
            if s < 12 { votes.append((3, "s\(s)", "\(day):01:00")) }
            if s >= 12 && s < 23 { votes.append((4, "s\(s)", "\(day):01:00")) }
        }
        votes.append((1, "early", "2026-01-20 08:00:00"))
        votes.append((4, "early", "2026-01-20 08:01:00"))
        let options: [(Int64, String, String, String)] = [
            (1, "o1", "original", "2026-01-01 00:00:00"), (2, "o2", "original", "2026-01-01 00:00:00"),
            (3, "c3", "community", "2026-02-01 00:00:00"), (4, "c4", "community", "2026-02-01 00:00:00"),
        ]
        try ReportFixtures.database(at: path, options: options, votes: votes)
        let arguments = ["report", "--db", path, "--as-of", Self.asOf]
        let json = try await TallyProcess.run(arguments + ["--format", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        let community = try #require(ReportFixtures.json(json.stdout)["options"] as? [[String: Any]])
            .filter { ($0["section"] as? String) == "community" }
        let rows = community.map { "\($0["id"]!):\($0["rank"]!):\($0["voters"]!):\($0["eligible"]!)" }
        #expect(rows == ["3:1:12:51", "4:1:12:51"], "\(rows)")
        #expect(Set(community.compactMap { $0["chance_of_leading"] as? Double }).count == 1, "\(community)")
        let markdown = try await TallyProcess.run(arguments)
        #expect(markdown.stdout.contains("Tied for first with 12 voters each: “c3” and “c4”."), "\(markdown.stdout)")
        // The query gives the same denominators (the real sqlite3 shell is checked in LateOptionTests).
    }

    /// Case 3: "Counting the test data too, X would be first" applies the report's own rule: the options it names
    /// are those a report counting the test data ranks first. A late option chosen by 24 of the 30 who could choose
    /// it was the leader by its chance, and the sentence compared raw voters instead.
    @Test func theTestDataSentenceNamesWhatTheRerunRanksFirst() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("test-data.sqlite")
        var votes: [(Int64, String, String)] = []
        for s in 0..<60 {
            let day = "2026-01-\(10 + s / 10) 0\(s % 10)"
            votes.append((s < 41 ? 1 : 2, "e\(s)", "\(day):00:00"))
            if s >= 26 { votes.append((2, "e\(s)", "\(day):01:00")) }
        }
        for s in 0..<30 { votes.append((s < 24 ? 3 : 2, "l\(s)", "2026-02-\(10 + s / 10) 0\(s % 10):00:00")) }
        for s in 0..<10 { votes.append((2, "test\(s)", "2026-01-05 0\(s):00:00")) }
        let options: [(Int64, String, String, String)] = [
            (1, "A", "original", "2026-01-01 00:00:00"), (2, "B", "original", "2026-01-01 00:00:00"),
            (3, "L", "original", "2026-02-01 00:00:00"),
        ]
        try ReportFixtures.database(at: path, options: options, votes: votes)
        let excluded = (0..<10).flatMap { ["--exclude-session", "test\($0)"] }
        let base = ["report", "--db", path, "--as-of", Self.asOf, "--format", "json"]
        let report = try await TallyProcess.run(base + excluded)
        let rerun = try await TallyProcess.run(base)
        #expect(report.status == 0 && rerun.status == 0, "\(report.stderr)\(rerun.stderr)")
        func section(_ text: String) throws -> [String: Any] {
            try #require((ReportFixtures.json(text)["sections"] as? [[String: Any]])?.first)
        }
        let withExcluded = try section(report.stdout)["leaders_with_excluded"] as? [Int]
        #expect(try section(report.stdout)["leaders"] as? [Int] == [1])
        #expect(withExcluded == (try section(rerun.stdout)["leaders"] as? [Int]), "\(report.stdout)")
        let markdown = try await TallyProcess.run(Array(base.dropLast(2)) + excluded)
        #expect(markdown.stdout.contains("Counting the test data too, “B” would be first with 50 voters."))
    }

    /// Issue 47.8: README's `--brief` example showed columns `--brief` does not print. Every line of it (but the "…"
    /// that stands for the rest, and the sentence it cuts short) is a line of what the command prints, in order.
    @Test func theReadmesBriefExampleIsAsPrinted() async throws {
        let readme = try String(
            contentsOf: ToolProcess.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "```markdown\n# What should we talk about next?"))
        let block = readme[start.upperBound...]
        let end = try #require(block.range(of: "\n```"))
        let example =
            ["# What should we talk about next?"] + block[..<end.lowerBound].split(separator: "\n").map(String.init)
        let result = try await TallyProcess.run([
            "report", "--demo", "--brief", "--title", "What should we talk about next?",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        var printed = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[...]
        for line in example where line != "…" {
            let cut = line.hasSuffix(" …") ? String(line.dropLast(2)) : nil
            guard let at = printed.firstIndex(where: { cut.map($0.hasPrefix) ?? ($0 == line) }) else {
                Issue.record("README's --brief example line not printed (in order): \(line)")
                return
            }
            printed = printed[(at + 1)...]
        }
    }
}
